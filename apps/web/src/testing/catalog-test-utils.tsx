import type { ListingPage } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { stubFetch, type FetchStub } from './fetch-stub';
import { listingPage, PROFESSIONS } from './fixtures';
import { localityRoutes } from './locality-fixtures';
import { renderPage } from './render';
import { CatalogPage } from '../features/catalog/components/catalog-page';

export const onReserve = jest.fn();

/** The browser's back and forward buttons, for a memory router. */
function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate(-1)}>Atrás</button>
      <button onClick={() => navigate(1)}>Adelante</button>
    </>
  );
}

/** The catalog at `path` (under the app's 'home/:profession?' route), answering the listing with `page()`. */
export function renderCatalog({ path = '/home', page = (): ListingPage => listingPage(3), extra = null as ReactNode } = {}) {
  const fetch = stubFetch({
    ...localityRoutes(),
    '/home/professions': { body: PROFESSIONS },
    '/home/professionals': (url) => ({ body: { ...page(), page: Number(url.searchParams.get('page')) } }),
  });
  const view = renderPage(
    <>
      <HistoryButtons />
      {extra}
      <CatalogPage onReserve={onReserve} />
    </>,
    { routePath: 'home/:profession?', path },
  );
  return { fetch, ...view };
}

/** Query parameters of the last listing request. */
export function lastListingParams(fetch: FetchStub): Record<string, string> {
  const calls = fetch.callsTo('/home/professionals');
  return Object.fromEntries(calls[calls.length - 1]!.searchParams);
}

/** Picks an option of the antd Select labelled `selectLabel` (its popup is found through aria-controls). */
export async function choose(selectLabel: string, optionLabel: string) {
  const combobox = screen.getByLabelText(selectLabel);
  // A popup that is still closing would swallow the next mouse-down as a toggle.
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
  fireEvent.mouseDown(combobox);
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));
  const popup = document.getElementById(combobox.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
  fireEvent.click(within(popup).getByTitle(optionLabel));
}

export const chipNames = () => screen.queryAllByTestId('profession-chip').map((chip) => chip.textContent);

/** What the toolbar and the pagination show. */
export function shownState() {
  return {
    chips: chipNames(),
    rating: screen.getByTestId('filter-rating').querySelector('.ant-select-content')?.textContent,
    byName: screen.getByTestId('sort-name').querySelector('.ant-select-content')?.textContent,
    byReviews: screen.getByTestId('sort-rating').querySelector('.ant-select-content')?.textContent,
    search: (screen.getByLabelText('Buscar profesional') as HTMLInputElement).value,
    page: document.querySelector('.ant-pagination-item-active')?.textContent ?? null,
  };
}
