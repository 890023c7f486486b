import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

/** POST /home/user/email/verification: 202 `{message}`, a new verification link mailed to the signed-in user. */
export function resendVerification(): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/home/user/email/verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
