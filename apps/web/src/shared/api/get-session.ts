import type { Review, SessionAnswer, UserType } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from './api-client';

/** The client's review of one booked professional, as history lines carry it. */
export interface LineReview {
  id: number;
  rating: number;
  comment: string;
}

/** One booked professional in a client's history, or one job in a professional's list. */
export interface OrderLine {
  id: number;
  orderId: number;
  professionalId: number;
  professional: { id: number; firstName: string; lastName: string; profileImg: string | null };
  days: string[];
  reservationAmount: number;
  createdAt: string;
  status: 'creada' | 'procesando' | 'cancelada' | 'completa';
  /** The client's review of this booking (null or absent when there is none yet). */
  review?: LineReview | null;
}

export interface JobLine {
  id: number;
  orderId: number;
  days: string[];
  reservationAmount: number;
  createdAt: string;
  status: OrderLine['status'];
  client: { id: number; firstName: string; lastName: string; address: string };
}

export interface SessionProfile {
  shoppingHistory?: OrderLine[];
  reviews?: Review[];
  jobs?: JobLine[];
}

export type Session = SessionAnswer & { profile: SessionProfile };

/**
 * GET /home/user/me: the signed-in user (restores the session after a reload),
 * or null when nobody is signed in. Shared: the top bar, the auth drawers and
 * the profile pages all read it.
 */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await apiClient.get<Session>('/home/user/me', { signal });
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
