import { atom } from 'jotai';

/** What the Google popup answers when no account has that e-mail yet. */
export interface GoogleProfile {
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

/**
 * The Google account chosen for a registration (client state): while set, the
 * registration form locks the e-mail to it, hides the passwords and sends `google: true`.
 */
export const googleProfileAtom = atom<GoogleProfile | null>(null);
