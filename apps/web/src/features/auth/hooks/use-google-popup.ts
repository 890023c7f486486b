import type { SessionAnswer } from '@oficios/domain';
import { useCallback, useEffect, useRef } from 'react';
import { API_URL, buildUrl } from '../../../shared/api/api-client';
import type { GoogleProfile } from '../atoms/google-profile.atom';

export type GoogleMessage =
  | { type: 'oficios:google'; status: 'signed-in'; session: SessionAnswer }
  | { type: 'oficios:google'; status: 'needs-registration'; profile: Partial<GoogleProfile> & { email: string } }
  | { type: 'oficios:google'; status: 'error'; message?: string };

export interface GoogleHandlers {
  onSignedIn: (session: SessionAnswer) => void;
  onNeedsRegistration: (profile: GoogleProfile) => void;
  onError: (message: string) => void;
}

export const GOOGLE_POPUP_BLOCKED = 'No se pudo abrir la ventana de Google: permite las ventanas emergentes e intenta de nuevo.';
export const GOOGLE_FAILED = 'No se pudo iniciar sesion con Google';

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 640;

function apiOrigin(): string {
  return new URL(API_URL).origin;
}

function isGoogleMessage(data: unknown): data is GoogleMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'oficios:google';
}

/**
 * Google sign-in in a popup (identity contract): opens
 * `{API}/home/auth/google?origin=<our origin>` and waits for the page there to
 * post `{type: 'oficios:google', status, ...}` from the API origin. Only the
 * instance that opened the popup handles the answer. No "pending" state is
 * kept: `popup.closed` is unreliable once Google's pages cut the opener link.
 */
export function useGooglePopup(handlers: GoogleHandlers) {
  const handlersRef = useRef(handlers);
  const waitingRef = useRef(false);
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (!waitingRef.current || event.origin !== apiOrigin() || !isGoogleMessage(event.data)) return;
      waitingRef.current = false;
      popupRef.current = null;
      const data = event.data;
      if (data.status === 'signed-in' && data.session?.dataValues) handlersRef.current.onSignedIn(data.session);
      else if (data.status === 'needs-registration' && data.profile?.email) {
        const { email, firstName, lastName, picture } = data.profile;
        handlersRef.current.onNeedsRegistration({ email, firstName: firstName ?? '', lastName: lastName ?? '', picture: picture ?? null });
      } else handlersRef.current.onError((data.status === 'error' && data.message) || GOOGLE_FAILED);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const start = useCallback(() => {
    const url = buildUrl('/home/auth/google', { origin: window.location.origin });
    const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
    const features = `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
    if (popupRef.current && !popupRef.current.closed) popupRef.current.close();
    const popup = window.open(url, 'oficios-google', features);
    if (!popup) {
      handlersRef.current.onError(GOOGLE_POPUP_BLOCKED);
      return;
    }
    popupRef.current = popup;
    waitingRef.current = true;
    popup.focus?.();
  }, []);

  return { start };
}
