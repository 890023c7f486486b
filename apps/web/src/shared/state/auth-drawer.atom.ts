import { atom } from 'jotai';

export type AuthDrawer = 'login' | 'register-cliente' | 'register-profesional';

/** Which sign-in / registration drawer is open, if any. */
export const authDrawerAtom = atom<AuthDrawer | null>(null);
