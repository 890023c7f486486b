import { useMutation } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../shared/api/api-client';
import { reloadPage } from '../../../shared/lib/browser';

/** POST /home/user/logout: 204, session cookie cleared. */
export function logout(): Promise<void> {
  return apiClient.post<void>('/home/user/logout');
}

/** POST /home/user/logout/all: 204, every session of the user ended (this one too), cookie cleared. */
export function logoutEverywhere(): Promise<void> {
  return apiClient.post<void>('/home/user/logout/all');
}

/**
 * Signs out (here, or everywhere), then (spec, Session) clears local storage and reloads the page so no state of
 * the previous user survives. A 401 means the session was already gone.
 */
function useSignOut(request: () => Promise<void>) {
  return useMutation({
    mutationFn: async () => {
      try {
        await request();
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

export function useLogout() {
  return useSignOut(logout);
}

/** "Cerrar sesión en todos los dispositivos": afterwards the SPA behaves as after a logout. */
export function useLogoutEverywhere() {
  return useSignOut(logoutEverywhere);
}
