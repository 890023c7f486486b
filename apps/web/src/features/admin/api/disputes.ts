import type { DisputeResolution, DisputeView } from '@oficios/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

export const DISPUTES_QUERY_KEY = ['admin', 'disputes'] as const;

/** `GET /api/admin/disputes?status=open|resolved` (administrador): the clients' reports with both sides. */
export function getDisputes(status: DisputeView['status'], signal?: AbortSignal): Promise<DisputeView[]> {
  return apiClient.get<DisputeView[]>('/api/admin/disputes', { params: { status }, signal });
}

export function useDisputes(status: DisputeView['status']) {
  return useQuery({ queryKey: [...DISPUTES_QUERY_KEY, status], queryFn: ({ signal }) => getDisputes(status, signal) });
}

export interface DisputeResolutionInput {
  id: number;
  resolution: DisputeResolution;
  /** Pesos, for a partial refund. */
  refundAmount?: number;
  note?: string;
}

/** `POST /api/admin/disputes/{id}/resolve`: no refund, a partial one (amount) or the whole booking. */
export function resolveDispute({ id, ...body }: DisputeResolutionInput): Promise<DisputeView> {
  return apiClient.post<DisputeView>(`/api/admin/disputes/${id}/resolve`, body);
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resolveDispute, onSuccess: () => queryClient.invalidateQueries({ queryKey: DISPUTES_QUERY_KEY }) });
}
