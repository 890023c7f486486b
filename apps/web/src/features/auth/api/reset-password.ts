import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

import type { ResetPasswordBody } from '@oficios/domain';

/** POST /home/user/password/reset: 200 `{message}`; 400 with a `token` (expired/used link) or `password` error. */
export function resetPassword(payload: ResetPasswordBody): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/home/user/password/reset', payload);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
