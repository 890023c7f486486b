import { GRID_SPANS, needsPagination, type ListingPage, type ProfessionalListItem } from '@oficios/domain';
import { Col, Flex, Pagination, Row, Spin } from 'antd';
import { memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useStableCallback } from '../../../shared/lib/use-stable-callback';
import { useProfessions } from '../../../shared/api/get-professions';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { useProfessionals } from '../api/get-professionals';
import { useListingQuery } from '../hooks/use-listing-query';
import { EmptyListing } from './empty-listing';
import { ListingToolbar } from './listing-toolbar';
import { ProfessionChips } from './profession-chips';
import { ProfessionalCard } from './professional-card';
import { Typography } from '../../../shared/ui/typography';
import { useLocality, useVisitorPlace } from '../../localities';

/** Cards in the widest first row (antd's 24 columns): their photos are what the page first shows. */
const FIRST_ROW = 24 / GRID_SPANS.lg;

interface CatalogPageProps {
  /** "Reservar": the app wires it to the cart (features never import each other). */
  onReserve: (professional: ProfessionalListItem) => void;
}

interface ListingResultsProps {
  page: ListingPage;
  /** The page shown is not the one asked for yet (another page, filter or search is on its way). */
  refreshing: boolean;
  onReserve: (professional: ProfessionalListItem) => void;
  onPageChange: (page: number) => void;
}

/** A page of results: the total, the cards and the pagination. Memoized: it renders only when its page does. */
const ListingResults = memo(function ListingResults({ page: listing, refreshing, onReserve, onPageChange }: ListingResultsProps) {
  const { items, total, page, pageSize } = listing;
  if (items.length === 0) return <EmptyListing />;
  return (
    <Spin spinning={refreshing}>
      <Typography.Paragraph type="secondary" data-testid="listing-total">
        {total === 1 ? '1 profesional encontrado' : `${total} profesionales encontrados`}
      </Typography.Paragraph>
      <Row gutter={[16, 16]} data-testid="professional-grid">
        {items.map((professional, index) => (
          <Col key={professional.id} {...GRID_SPANS}>
            <ProfessionalCard professional={professional} onReserve={onReserve} priority={index < FIRST_ROW} />
          </Col>
        ))}
      </Row>
      {needsPagination(total, pageSize) && (
        <Flex justify="center" style={{ marginTop: 24 }} data-testid="listing-pagination">
          <Pagination current={page} total={total} pageSize={pageSize} showSizeChanger={false} onChange={onPageChange} />
        </Flex>
      )}
    </Spin>
  );
});

/** /home and /home/:profession */
export function CatalogPage({ onReserve }: CatalogPageProps) {
  const professions = useProfessions();
  const { query, update, nameOf } = useListingQuery(professions.data);
  const listing = useProfessionals(query);
  const place = useLocality(query.near).data;
  // A listing near a place (chosen here, or a link from the landing) makes it the visitor's place: the detail pages
  // then say whether each professional reaches it.
  // Once per place: clearing the picker forgets it while the URL still names it for a moment.
  const { choose } = useVisitorPlace();
  const remembered = useRef<string | null>(null);
  useEffect(() => {
    if (!place || place.id !== query.near || remembered.current === place.id) return;
    remembered.current = place.id;
    choose(place);
  }, [place, query.near, choose]);
  // A page of cards is the listing's heaviest render. Deferred, it renders at transition priority, in slices between
  // which the browser paints and answers input, instead of in one long task when its answer arrives; until then the
  // page before it, or the spinner, stays. A page already there when the listing mounts (sent with the HTML, or
  // cached) shows at once: the server renders it into the page.
  const [mountedWith] = useState(listing.data ?? null);
  const shown = useDeferredValue(listing.data ?? null, mountedWith);

  const changePage = useStableCallback((page: number) => {
    update({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });

  let content;
  if (listing.isError) {
    content = <QueryError error={listing.error} title="No se pudieron cargar los profesionales" />;
  } else if (shown === null) {
    content = <PageSpinner label="Cargando profesionales" />;
  } else {
    content = (
      <ListingResults
        page={shown}
        refreshing={listing.isPlaceholderData || shown !== listing.data}
        onReserve={onReserve}
        onPageChange={changePage}
      />
    );
  }

  return (
    <section aria-labelledby="listing-title">
      <Typography.Title level={2} id="listing-title">
        {query.near !== null && place?.id === query.near ? `Profesionales cerca de ${place.name}` : 'Profesionales'}
      </Typography.Title>
      <ListingToolbar query={query} professions={professions.data ?? []} onChange={update} />
      <ProfessionChips
        chosen={query.professions}
        nameOf={nameOf}
        onRemove={(key) => update(({ professions }) => ({ professions: professions.filter((name) => name !== key) }))}
      />
      {content}
    </section>
  );
}
