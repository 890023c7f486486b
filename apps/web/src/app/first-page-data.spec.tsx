import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { professionalsQueryOptions } from '../features/catalog/api/get-professionals';
import { CatalogPage } from '../features/catalog/components/catalog-page';
import { listingFromUrl } from '../features/catalog/lib/listing-url';
import { professionsQueryOptions } from '../shared/api/get-professions';
import { listingPage, professional, PROFESSIONS } from '../testing/fixtures';
import { createTestQueryClient } from '../testing/render';
import { FIRST_PAGE_DATA_ID, firstPageDataElement, hydrateFirstPageData } from './first-page-data';
import { AppProviders } from '../shared/ui/app-providers';

const listingKey = professionalsQueryOptions(listingFromUrl(undefined, '')).queryKey;

/** A query client holding the listing's first page (one tricky name) and the professions, as the server fetched them. */
function serverClient() {
  const client = createTestQueryClient();
  const page = listingPage(2);
  client.setQueryData(listingKey, { ...page, items: [page.items[0], professional(2, { firstName: '</script><b>x</b>' })] });
  client.setQueryData(professionsQueryOptions().queryKey, PROFESSIONS);
  return client;
}

describe('the answers a first page was rendered from', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('travel in a data element no text can close, and fill the app’s cache as the server had them', () => {
    const element = firstPageDataElement(dehydrate(serverClient()));
    expect(element).toMatch(new RegExp(`^<script type="application/json" id="${FIRST_PAGE_DATA_ID}">[^<]*</script>$`));
    document.body.innerHTML = element;

    const client = createTestQueryClient();
    hydrateFirstPageData(client);
    expect(client.getQueryData(listingKey)).toEqual(serverClient().getQueryData(listingKey));
    expect(client.getQueryData(professionsQueryOptions().queryKey)).toEqual(PROFESSIONS);
  });

  it('are no error when absent or unreadable: the app asks the API', () => {
    const client = createTestQueryClient();
    expect(() => hydrateFirstPageData(client)).not.toThrow();
    document.body.innerHTML = `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">{"queries": [</script>`;
    expect(() => hydrateFirstPageData(client)).not.toThrow();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('are shown by the listing from its first render: the server writes the cards, not the spinner', () => {
    const html = renderToString(
      <AppProviders queryClient={serverClient()}>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="home/:profession?" element={<CatalogPage onReserve={() => {}} />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(html).toContain('Nombre1 Apellido1');
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; Apellido2');
    expect(html).not.toContain('Cargando profesionales');
  });
});
