import {
  capitalize,
  MAX_RATING,
  normalizeSearchText,
  professionKey,
  type ListingOrder,
  type ListingQuery,
  type ListingSort,
  type Profession,
} from '@oficios/domain';
import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Space, type SelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { LocalityField, useVisitorPlace } from '../../localities';
import type { ListingChange } from '../hooks/use-listing-query';

const ALL = 'all';

const RATING_OPTIONS = [
  { value: ALL, label: 'Todas' },
  ...Array.from({ length: MAX_RATING }, (_, i) => ({ value: String(i + 1), label: i === 0 ? '1 estrella' : `${i + 1} estrellas` })),
];

const ORDER_OPTIONS: { value: ListingOrder; label: string }[] = [
  { value: 'asc', label: 'Ascendente' },
  { value: 'desc', label: 'Descendente' },
];

interface ListingToolbarProps {
  query: ListingQuery;
  professions: Profession[];
  onChange: (change: ListingChange) => void;
}

type ToolbarSelectProps<V> = Omit<SelectProps<V>, 'id' | 'classNames' | 'transitionName' | 'virtual' | 'style'> & {
  /** The select's id and test id, and its popup's class (`<name>-popup`). */
  name: string;
  label: string;
  minWidth: number;
};

/*
 * The toolbar's Selects open and close without the slide animation (transitionName=""):
 * a closed popup is hidden at once, so the next Select never shares the page
 * with a half-closed one (antd could leave it mid-animation after a re-render).
 */
function ToolbarSelect<V>({ name, label, minWidth, ...props }: ToolbarSelectProps<V>) {
  return (
    <Select<V>
      aria-label={label}
      id={name}
      data-testid={name}
      classNames={{ popup: { root: `${name}-popup` } }}
      transitionName=""
      style={{ minWidth }}
      virtual={false}
      {...props}
    />
  );
}

interface SortSelectProps {
  name: string;
  label: string;
  prefix: string;
  sort: ListingSort;
  query: ListingQuery;
  onChange: (change: ListingChange) => void;
}

/** Ascending, descending or (cleared) no order by one field; choosing one replaces the other field's order. */
function SortSelect({ name, label, prefix, sort, query, onChange }: SortSelectProps) {
  return (
    <ToolbarSelect<ListingOrder | null>
      name={name}
      label={label}
      prefix={prefix}
      placeholder="Sin orden"
      allowClear
      minWidth={210}
      value={query.sort === sort ? query.order : null}
      options={ORDER_OPTIONS}
      onChange={(order) => onChange(order ? { sort, order } : { sort: null, order: 'asc' })}
    />
  );
}

const DISTANCE_OPTIONS = [{ value: 'asc', label: 'Más cerca primero' }];

/** "Distancia": the sort of a listing near a place, and its default there (choosing another sort replaces it). */
function DistanceSelect({ query, onChange }: { query: ListingQuery; onChange: (change: ListingChange) => void }) {
  return (
    <ToolbarSelect<string | null>
      name="sort-distance"
      label="Orden por distancia"
      prefix="Distancia:"
      placeholder="Sin orden"
      minWidth={240}
      value={query.sort === null ? 'asc' : null}
      options={DISTANCE_OPTIONS}
      onChange={() => onChange({ sort: null, order: 'asc' })}
    />
  );
}

/**
 * "Cerca de": the place the listing is near (its `near`), remembered as the visitor's; cleared, the listing is the whole
 * country's again and distance no longer a sort.
 */
function PlaceField({ query, onChange }: { query: ListingQuery; onChange: (change: ListingChange) => void }) {
  const { choose } = useVisitorPlace();
  return (
    <LocalityField
      id="filter-near"
      data-testid="filter-near"
      aria-label="Cerca de"
      placeholder="Cerca de... (tu localidad)"
      value={query.near}
      style={{ minWidth: 280 }}
      onChange={(near, locality) => {
        choose(locality);
        onChange({ near });
      }}
    />
  );
}

/** How many of the toolbar's choices differ from the plain listing (the phone's "Filtros" button counts them). */
export function chosenFilters(query: ListingQuery): number {
  return [query.near !== null, query.rating !== null, query.professions.length > 0, query.sort !== null, query.search !== ''].filter(
    Boolean,
  ).length;
}

/**
 * The listing's toolbar. Under 576 px (app/global.css) its controls fold behind one "Filtros" button, so the first card
 * shows on the first screen; wider, the button is not shown and the controls always are. CSS decides it, not a width
 * read in the browser: the page the server sends already has the layout of its screen.
 */
export function ListingToolbar({ query, professions, onChange }: ListingToolbarProps) {
  const [open, setOpen] = useState(false);
  const chosen = chosenFilters(query);
  const [searchText, setSearchText] = useState(query.search);
  // On a page the server rendered, the box waits for the app: typed into before, its text would be lost.
  const hydrated = useHydrated();

  // Follow resets made elsewhere (e.g. a fresh filter from the landing page): when the URL's search changes, not when
  // the toolbar mounts, which on a page the server rendered comes after the visitor may have typed already.
  const followedSearch = useRef(query.search);
  useEffect(() => {
    if (followedSearch.current === query.search) return;
    followedSearch.current = query.search;
    setSearchText((text) => (normalizeSearchText(text) === query.search ? text : query.search));
  }, [query.search]);

  const professionOptions = [
    { value: ALL, label: 'Todas' },
    ...professions.map((p) => {
      const key = professionKey(p.name);
      return { value: key, label: capitalize(p.name), disabled: query.professions.includes(key) };
    }),
  ];

  const chooseProfession = (value: string) => {
    if (value === ALL) onChange({ professions: [] });
    else onChange(({ professions }) => (professions.includes(value) ? {} : { professions: [...professions, value] }));
  };

  const submitSearch = (value: string) => {
    const search = normalizeSearchText(value);
    if (search !== query.search) onChange({ search });
  };

  return (
    <div className={open ? 'listing-filters listing-filters-open' : 'listing-filters'}>
      <Button
        className="listing-filters-toggle"
        icon={<FilterOutlined aria-hidden />}
        aria-expanded={open}
        aria-controls="listing-toolbar"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        // Like the search box: on a page the server rendered, it waits for the app (a tap before would be lost).
        disabled={!hydrated}
        data-testid="filters-toggle"
      >
        Filtros{chosen > 0 && ` (${chosen})`}
      </Button>
      <Flex
        id="listing-toolbar"
        className="listing-toolbar"
        wrap
        gap="middle"
        align="center"
        data-testid="listing-toolbar"
        style={{ marginBottom: 16 }}
      >
        <PlaceField query={query} onChange={onChange} />
        <ToolbarSelect
          name="filter-rating"
          label="Reputacion"
          prefix="Reputación:"
          minWidth={200}
          value={query.rating === null ? ALL : String(query.rating)}
          options={RATING_OPTIONS}
          onChange={(value: string) => onChange({ rating: value === ALL ? null : Number(value) })}
        />
        <ToolbarSelect
          name="filter-profession"
          label="Profesion"
          prefix="Profesión:"
          placeholder="Elegir"
          minWidth={220}
          value={null}
          options={professionOptions}
          onChange={chooseProfession}
        />
        {query.near !== null && <DistanceSelect query={query} onChange={onChange} />}
        <SortSelect name="sort-name" label="Orden por nombre" prefix="Nombre:" sort="firstName" query={query} onChange={onChange} />
        <SortSelect name="sort-rating" label="Orden por reseñas" prefix="Reseñas:" sort="rating" query={query} onChange={onChange} />
        {/* Space.Compact + Input rather than Input.Search, whose input is type="search" (role searchbox, not textbox). */}
        <Space.Compact style={{ maxWidth: 360, flex: '1 1 240px' }} data-testid="search-box">
          <Input
            id="search-professional"
            aria-label="Buscar profesional"
            data-testid="search-input"
            placeholder="Buscar por nombre..."
            allowClear
            maxLength={100}
            disabled={!hydrated}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onPressEnter={() => submitSearch(searchText)}
            onClear={() => submitSearch('')}
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            data-testid="search-button"
            disabled={!hydrated}
            onClick={() => submitSearch(searchText)}
          >
            Buscar
          </Button>
        </Space.Compact>
      </Flex>
    </div>
  );
}
