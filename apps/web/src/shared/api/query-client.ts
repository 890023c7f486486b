import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx) are answers, not hiccups: never retry them; retry others once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
