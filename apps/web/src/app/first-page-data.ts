import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the element holding the answers a first page was rendered from on the server. */
export const FIRST_PAGE_DATA_ID = 'first-page-data';

/**
 * The answers a page was rendered from, as a JSON data block for its HTML (not a script that runs: the
 * Content-Security-Policy stays as strict). `<` is escaped, so no text in the data can close the element.
 */
export function firstPageDataElement(state: DehydratedState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${json}</script>`;
}

/**
 * Puts the answers the server rendered the page from into the app's cache, so its first render shows the very same
 * page (no spinner, no second request for them); answers whether it did. Absent or unreadable data is no error: the
 * page asks the API.
 */
export function hydrateFirstPageData(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(FIRST_PAGE_DATA_ID);
  if (!element?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
    return true;
  } catch {
    // A page cut short or tampered with: the app asks for its data as if none had come.
    return false;
  }
}
