import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

/** POST /home/user/email/verify: 200 `{message}` (verified, or already verified); 400 naming `token` for a bad link. */
export function verifyEmail(token: string): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/home/user/email/verify', { token });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
