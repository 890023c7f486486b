import type { Response } from 'supertest';

/** The value a response sets for cookie `name` (undefined when it sets none). */
export function setCookie(response: Response, name: string): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const found = cookies.find((cookie) => cookie.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1).split(';')[0]);
}

/** The session cookie a sign-in (login, registration) answered: copy it to act as that browser from anywhere. */
export function sessionCookie(response: Response): string {
  const value = setCookie(response, 'oficios_session');
  if (!value) throw new Error(`no session cookie in ${response.status} ${JSON.stringify(response.body)}`);
  return value;
}
