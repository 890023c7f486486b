import type { ProfessionalContact, SessionUser } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../shared/api/api-client';
import { sessionQueryOptions } from '../../../shared/api/get-session';
import { PROFESSIONALS_QUERY_KEY } from '../../../shared/api/query-keys';

/**
 * GET /api/professionals/{id}/contact: the e-mail, phone and street the public detail hides, for the professional,
 * administrators and clients with a paid booking with it; null when the API refuses the viewer (403: anyone else).
 */
export async function getProfessionalContact(id: number, signal?: AbortSignal): Promise<ProfessionalContact | null> {
  try {
    return await apiClient.get<ProfessionalContact>(`/api/professionals/${id}/contact`, { signal });
  } catch (error) {
    if (isApiError(error, 403)) return null;
    throw error;
  }
}

/** One per viewer too: another account signed in on this page asks again. Under the professionals' root (a save refreshes it). */
export const professionalContactQueryOptions = (id: number, viewerId: number) =>
  queryOptions({
    queryKey: [...PROFESSIONALS_QUERY_KEY, 'contact', id, { viewerId }] as const,
    queryFn: ({ signal }) => getProfessionalContact(id, signal),
  });

/** Whether the viewer may be entitled to the professional's contact (the API decides): another professional never is. */
export function mayAskContact(viewer: Pick<SessionUser, 'id' | 'type'> | undefined, professionalId: number): boolean {
  if (!viewer) return false;
  return viewer.type === 'administrador' || viewer.type === 'cliente' || viewer.id === professionalId;
}

/** The contact of the professional for the signed-in viewer; null (hidden) for a visitor and while unknown. */
export function useProfessionalContact(professionalId: number | null): ProfessionalContact | null {
  // The session the top bar reads too (one request); none asked for a page without a professional.
  const viewer = useQuery({ ...sessionQueryOptions(), enabled: professionalId !== null }).data?.dataValues;
  const id = professionalId ?? 0;
  const ask = professionalId !== null && mayAskContact(viewer, id);
  const contact = useQuery({ ...professionalContactQueryOptions(id, viewer?.id ?? 0), enabled: ask });
  return ask ? (contact.data ?? null) : null;
}
