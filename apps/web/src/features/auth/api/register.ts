import type { RegistrationPayload, SessionAnswer } from '@oficios/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { useApplySession } from '../hooks/use-apply-session';

/** POST /home/user/register: 201 SessionAnswer (signed in); 400 field errors; 409 e-mail taken. */
export function register(payload: RegistrationPayload): Promise<SessionAnswer> {
  return apiClient.post<SessionAnswer>('/home/user/register', payload);
}

/** Registers and stores the answer as the session (the new user is signed in). */
export function useRegister() {
  const applySession = useApplySession();
  return useMutation({ mutationFn: register, onSuccess: applySession });
}
