import { useMutation } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../shared/api/api-client';
import { reloadPage } from '../../../shared/lib/browser';

/** POST /home/user/logout: 204, session cookie cleared. */
export function logout(): Promise<void> {
  return apiClient.post<void>('/home/user/logout');
}

/**
 * Signs out, then (spec, Session) clears local storage and reloads the page so
 * no state of the previous user survives. A 401 means the session was already gone.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: () => {
      window.localStorage.clear();
      reloadPage();
    },
  });
}
