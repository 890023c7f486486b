/** A Google account whose e-mail Google verified, remembered briefly after the OAuth callback. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export const GOOGLE_IDENTITY_COOKIE = 'oficios_google';
export const GOOGLE_STATE_COOKIE = 'oficios_oauth_state';
export const GOOGLE_IDENTITY_MINUTES = 15;
