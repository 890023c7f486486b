import { DEFAULT_LISTING_QUERY, type ListingQuery } from '@oficios/domain';
import { atom } from 'jotai';

/**
 * The listing's filters, sort, search and page (client state). The catalog
 * reads and edits it; the landing page and the detail page set the profession
 * filter before sending the user to /home/{profession}.
 */
export const listingQueryAtom = atom<ListingQuery>(DEFAULT_LISTING_QUERY);
