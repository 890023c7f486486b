import type { ChangeCartDayAnswer, JobRequestBody, MessageImageView } from '@oficios/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, paymentsClient } from '../../../shared/api/api-client';
import { storeCart } from './get-cart';

/** `PUT /api/cart/{id}/job-request {text, imageIds}`: the line's request replaced whole; answers the line and the whole cart. */
export function saveJobRequest({ detailId, ...request }: JobRequestBody & { detailId: number }): Promise<ChangeCartDayAnswer> {
  return paymentsClient.put<ChangeCartDayAnswer>(`/api/cart/${detailId}/job-request`, request);
}

export function useSaveJobRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveJobRequest, onSuccess: ({ cart }) => storeCart(queryClient, cart) });
}

/** `POST /api/job-requests/images` (multipart `images`): up to 5 photos, private to the client until booked. */
export function uploadJobRequestImages(files: File[]): Promise<MessageImageView[]> {
  const form = new FormData();
  for (const file of files) form.append('images', file);
  return apiClient.post<MessageImageView[]>('/api/job-requests/images', form);
}

export function useUploadJobRequestImages() {
  return useMutation({ mutationFn: uploadJobRequestImages });
}
