import type { LoginBody, SessionAnswer } from '@oficios/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { useApplySession } from '../hooks/use-apply-session';

/** POST /home/user/login: 200 SessionAnswer (+ session cookie); 401 wrong credentials; 429 too many attempts. */
export function login(payload: LoginBody): Promise<SessionAnswer> {
  return apiClient.post<SessionAnswer>('/home/user/login', payload);
}

/** Signs in and stores the answer as the session. */
export function useLogin() {
  const applySession = useApplySession();
  return useMutation({ mutationFn: login, onSuccess: applySession });
}
