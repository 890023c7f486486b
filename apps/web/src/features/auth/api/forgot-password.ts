import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

/** POST /home/user/password/forgot: 202 `{message}` whether or not the e-mail exists. */
export function forgotPassword(email: string): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/home/user/password/forgot', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
