import type { SessionAnswer } from '@oficios/domain';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { authDrawerAtom } from '../../../shared/state/auth-drawer.atom';
import { googleProfileAtom } from '../atoms/google-profile.atom';
import { useApplySession } from './use-apply-session';
import { useGooglePopup } from './use-google-popup';

/**
 * "Continua con Google" wired to the drawers: an existing account signs in
 * (`onSignedIn` closes the drawer); a new e-mail opens the registration drawer (`registerAs`)
 * locked to that Google account; a failure is kept as `error` for an Alert.
 */
export function useGoogleSignIn(registerAs: 'register-cliente' | 'register-profesional', onSignedIn: (answer: SessionAnswer) => void) {
  const applySession = useApplySession();
  const setDrawer = useSetAtom(authDrawerAtom);
  const setGoogleProfile = useSetAtom(googleProfileAtom);
  const [error, setError] = useState<string | null>(null);
  const { start } = useGooglePopup({
    onSignedIn: (answer) => {
      applySession(answer);
      setGoogleProfile(null);
      onSignedIn(answer);
    },
    onNeedsRegistration: (profile) => {
      setGoogleProfile(profile);
      setDrawer(registerAs);
    },
    onError: setError,
  });
  return {
    error,
    start: () => {
      setError(null);
      start();
    },
  };
}
