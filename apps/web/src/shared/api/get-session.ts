import type { MeAnswer, UserType } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from './api-client';

/**
 * GET /home/user/me: the signed-in user (restores the session after a reload),
 * or null when nobody is signed in. Shared: the top bar, the auth drawers and
 * the profile pages all read it.
 */
export async function getSession(signal?: AbortSignal): Promise<MeAnswer | null> {
  try {
    return await apiClient.get<MeAnswer>('/home/user/me', { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const SESSION_QUERY_KEY = ['session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** The signed-in user's type, or null (anonymous or still loading). */
export function useSessionType(): UserType | null {
  return useSession().data?.dataValues.type ?? null;
}
