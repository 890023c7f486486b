import { useSearchParams } from 'react-router-dom';

/** Shown when a mailed link's page is opened without a token (the API's wording for a bad link). */
export const INVALID_LINK = 'El enlace no es valido o ya expiro';

/** The token of the mailed link that opened the page (`?token=`); '' when there is none. */
export function useLinkToken(): string {
  const [params] = useSearchParams();
  return params.get('token')?.trim() ?? '';
}
