import type { Day, ProfessionalDetail } from '@oficios/domain';
import type { App } from 'supertest/types';
import { DEMO_GOOGLE_DOMAIN } from '../../src/config/demo';
import { browser, registerAccount, type BrowserClient } from '../support/http-client';
import { newClientRegistration } from '../support/registration';
import { TEST_ADMIN } from '../support/test-app';

export { registerAccount, type BrowserClient };

const administrators = new WeakMap<object, Promise<BrowserClient>>();

/** The test app's administrator, signed in once per app. */
export function signedInAdmin(http: App): Promise<BrowserClient> {
  let admin = administrators.get(http as object);
  if (!admin) {
    admin = browser(http).then(async (client) => {
      await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
      return client;
    });
    administrators.set(http as object, admin);
  }
  return admin;
}

export interface BookingTermsEdit {
  firstName?: string;
  lastName?: string;
  availableDays: readonly Day[];
  dayPriceCents: number;
}

/**
 * Gives a professional the name, weekly days and day price a booking test counts on, as an administrator does in
 * "Editar Profesionales" (the profile and the account's name; the catalogue's caches follow).
 */
export async function bookableProfessional(http: App, id: number, terms: BookingTermsEdit): Promise<void> {
  const admin = await signedInAdmin(http);
  const loaded = await admin.get(`/api/admin/professionals/${id}`);
  if (loaded.status !== 200) throw new Error(`professional ${id}: ${loaded.status} ${JSON.stringify(loaded.body)}`);
  const current = loaded.body as Pick<ProfessionalDetail, 'firstName' | 'lastName' | 'profileImg' | 'professions'>;
  const edited = await admin.put(`/home/professionals/${id}`, {
    firstName: terms.firstName ?? current.firstName,
    lastName: terms.lastName ?? current.lastName,
    profileImg: current.profileImg,
    professions: current.professions.map((profession) => profession.name),
    availableDays: terms.availableDays,
    dayPrice: terms.dayPriceCents / 100,
  });
  if (edited.status !== 200) throw new Error(`edit professional ${id}: ${edited.status} ${JSON.stringify(edited.body)}`);
}

/** A registered professional, signed in, bookable on `terms`. */
export async function bookableProfessionalAccount(
  http: App,
  email: string,
  terms: BookingTermsEdit,
): Promise<{ client: BrowserClient; id: number }> {
  const account = await registerAccount(http, email, 'profesional', {
    ...(terms.firstName ? { firstName: terms.firstName } : {}),
    ...(terms.lastName ? { lastName: terms.lastName } : {}),
  });
  await bookableProfessional(http, account.id, terms);
  return account;
}

/**
 * A client registered through the Google stand-in (no password, e-mail verified), signed in: `name` becomes an address
 * of the stand-in's demo domain.
 */
export async function googleClient(http: App, name: string): Promise<{ client: BrowserClient; id: number; email: string }> {
  const email = `${name}@${DEMO_GOOGLE_DOMAIN}`;
  const client = await browser(http);
  const start = await client.get('/home/auth/google?origin=http://localhost:8080');
  const authorize = new URL(start.headers.location);
  const consented = await client.agent
    .post('/dev/google/authorize')
    .type('form')
    .send({
      redirect_uri: authorize.searchParams.get('redirect_uri'),
      state: authorize.searchParams.get('state'),
      email,
      given_name: 'Gala',
      family_name: 'Gómez',
    });
  if (consented.status !== 302) throw new Error(`Google stand-in: ${consented.status} ${consented.text}`);
  const callback = new URL(consented.headers.location);
  await client.get(`${callback.pathname}${callback.search}`);
  const registered = await client.post('/home/user/register', { ...newClientRegistration(), email, password: undefined, google: true });
  if (registered.status !== 201) throw new Error(`Google registration: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { client, id: registered.body.dataValues.id as number, email };
}
