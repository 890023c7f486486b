import {
  capitalize,
  MAX_RATING,
  normalizeSearchText,
  professionKey,
  type ListingOrder,
  type ListingQuery,
  type Profession,
} from '@oficios/domain';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { ListingPatch } from '../hooks/use-listing-query';

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
  onChange: (patch: ListingPatch) => void;
}

/*
 * The Selects open and close without the slide animation (transitionName=""):
 * a closed popup is hidden at once, so the next Select never shares the page
 * with a half-closed one (antd could leave it mid-animation after a re-render).
 */
export function ListingToolbar({ query, professions, onChange }: ListingToolbarProps) {
  const [searchText, setSearchText] = useState(query.search);

  // Follow resets made elsewhere (e.g. a fresh filter from the landing page).
  useEffect(() => {
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
    else if (!query.professions.includes(value)) onChange({ professions: [...query.professions, value] });
  };

  const submitSearch = (value: string) => {
    const search = normalizeSearchText(value);
    if (search !== query.search) onChange({ search });
  };

  const chooseOrder = (sort: 'firstName' | 'rating', order: ListingOrder | undefined) =>
    onChange(order ? { sort, order } : { sort: null, order: 'asc' });

  return (
    <Flex wrap gap="middle" align="center" data-testid="listing-toolbar" style={{ marginBottom: 16 }}>
      <Select
        aria-label="Reputacion"
        id="filter-rating"
        data-testid="filter-rating"
        classNames={{ popup: { root: 'filter-rating-popup' } }}
        transitionName=""
        prefix="Reputación:"
        style={{ minWidth: 200 }}
        virtual={false}
        value={query.rating === null ? ALL : String(query.rating)}
        options={RATING_OPTIONS}
        onChange={(value: string) => onChange({ rating: value === ALL ? null : Number(value) })}
      />
      <Select
        aria-label="Profesion"
        id="filter-profession"
        data-testid="filter-profession"
        classNames={{ popup: { root: 'filter-profession-popup' } }}
        transitionName=""
        prefix="Profesión:"
        placeholder="Elegir"
        style={{ minWidth: 220 }}
        virtual={false}
        value={null}
        options={professionOptions}
        onChange={chooseProfession}
      />
      <Select
        aria-label="Orden por nombre"
        id="sort-name"
        data-testid="sort-name"
        classNames={{ popup: { root: 'sort-name-popup' } }}
        transitionName=""
        prefix="Nombre:"
        placeholder="Sin orden"
        allowClear
        style={{ minWidth: 210 }}
        virtual={false}
        value={query.sort === 'firstName' ? query.order : null}
        options={ORDER_OPTIONS}
        onChange={(value: ListingOrder | undefined) => chooseOrder('firstName', value ?? undefined)}
      />
      <Select
        aria-label="Orden por reseñas"
        id="sort-rating"
        data-testid="sort-rating"
        classNames={{ popup: { root: 'sort-rating-popup' } }}
        transitionName=""
        prefix="Reseñas:"
        placeholder="Sin orden"
        allowClear
        style={{ minWidth: 210 }}
        virtual={false}
        value={query.sort === 'rating' ? query.order : null}
        options={ORDER_OPTIONS}
        onChange={(value: ListingOrder | undefined) => chooseOrder('rating', value ?? undefined)}
      />
      {/* Space.Compact + Input rather than Input.Search, whose input is type="search" (role searchbox, not textbox). */}
      <Space.Compact style={{ maxWidth: 360, flex: '1 1 240px' }} data-testid="search-box">
        <Input
          id="search-professional"
          aria-label="Buscar profesional"
          data-testid="search-input"
          placeholder="Buscar por nombre..."
          allowClear
          maxLength={100}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onPressEnter={() => submitSearch(searchText)}
          onClear={() => submitSearch('')}
        />
        <Button type="primary" icon={<SearchOutlined />} data-testid="search-button" onClick={() => submitSearch(searchText)}>
          Buscar
        </Button>
      </Space.Compact>
    </Flex>
  );
}
