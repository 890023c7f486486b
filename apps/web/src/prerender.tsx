import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { firstPageDataElement } from './app/first-page-data';
import { AppProviders } from './shared/ui/app-providers';
import { createQueryClient } from './shared/api/query-client';
import { ROUTES } from './app/route-manifest';
import { pageOf } from './app/route-pages';
import { firstPageOf, type FirstPage } from './app/route-preload';
import { AppRoutes } from './app/routes';
import { setServerApiUrl, setServerRequestHeaders } from './shared/api/api-client';

function App({ url, queryClient }: { url: string; queryClient: QueryClient }): ReactNode {
  return (
    <AppProviders queryClient={queryClient} store={createStore()}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );
}

/**
 * The app's first render at `url`, as HTML: what a visitor's browser renders before any data or lazy chunk arrives
 * (the session unknown, the cart empty, lazy parts as their same-size placeholders). Made at build time for the
 * landing page, the cart and the other pages' shells (build/prerender-pages.ts), so their first paint needs no script;
 * the app then hydrates it (the landing, the cart) or renders over it (a shell).
 */
export function renderFirstPaint(url: string): string {
  return renderToString(<App url={url} queryClient={createQueryClient()} />);
}

export { setServerApiUrl };

/**
 * Loads the chunks of the pages the build renders whole (the cart's), so renderFirstPaint writes their page, not their
 * route's loading placeholder: it needs nothing of the visitor's to paint its frame.
 */
export async function loadPagesRenderedWhole(): Promise<void> {
  await Promise.all(ROUTES.filter((route) => route.firstServed === 'prerendered').map((route) => pageOf(route).chunk?.load()));
}

/** A part written out of its place, hidden, with an inline script to put it there (see prerenderHtml). */
const OUTLINED_PART = '<div hidden id="S:';

/**
 * The element's HTML once every part of it is there (the lazy route's chunk loaded, say), each part in its place.
 * React writes a part larger than `progressiveChunkSize` apart, hidden, to be revealed by an inline script, which the
 * page's Content-Security-Policy would refuse to run: the whole page is one chunk here.
 */
async function prerenderHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const chunks: Uint8Array[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  if (html.includes(OUTLINED_PART)) throw new Error('React escribió una parte de la página fuera de su lugar');
  return html;
}

/**
 * The first page at `url` (path and query) rendered with its data, when a visitor asks for it: the listing's cards, or
 * the detail's professional and reviews, are in the HTML, so they paint, and their photos load, before any script
 * runs. Answers the HTML of the root element's content, with the answers it was rendered from as a data element after
 * it (the app hydrates the page from them: see first-page-data.ts); null when `url` is neither page. Throws when the
 * API does not answer, or answers an error (the server then sends the page's shell). The visitor is rendered as
 * unknown: nothing personal is in it.
 */
export async function renderFirstPage(url: string): Promise<string | null> {
  const location = new URL(url, 'http://localhost');
  const page = firstPageOf(location, 'rendered-with-data');
  return page && renderWithData(location, page);
}

/** The Cookie header of the visitor whose page is being rendered, for the API calls that render makes. */
const visitor = new AsyncLocalStorage<{ cookie: string }>();
setServerRequestHeaders(() => {
  const cookie = visitor.getStore()?.cookie;
  return cookie ? { Cookie: cookie } : undefined;
});

/**
 * The signed-in visitor's own page at `url` (their profile, the admin panel) rendered as the API answers them with the
 * visitor's `cookie`: their photo, name and jobs paint before any script runs, as the public pages do. Answers as
 * renderFirstPage; null when `url` is no such page. The HTML is the visitor's alone: never to be kept for anyone else.
 */
export async function renderSignedInPage(url: string, cookie: string): Promise<string | null> {
  const location = new URL(url, 'http://localhost');
  const page = firstPageOf(location, 'rendered-for-visitor');
  return page && visitor.run({ cookie }, () => renderWithData(location, page));
}

async function renderWithData(location: URL, page: FirstPage): Promise<string> {
  const queryClient = createQueryClient();
  // No retries here: a slow or failing API means the shell now, not the page later.
  await Promise.all([page.loadChunk(), ...page.queries.map((query) => queryClient.fetchQuery({ ...query, retry: false }))]);
  // Unlike renderToString, a prerender waits for the lazy route's chunk instead of writing its placeholder.
  const html = await prerenderHtml(<App url={`${location.pathname}${location.search}`} queryClient={queryClient} />);
  return `${html}${firstPageDataElement(dehydrate(queryClient))}`;
}
