import { DAYS, type MessageView } from '@oficios/domain';
import type { App } from 'supertest/types';
import type { MovableClock } from '../../src/common/clock/clock';
import { bookableProfessional } from '../factories/people';
import { browser, registerAccount, type BrowserClient } from './http-client';
import { startTestApp, TEST_ADMIN, type TestContext } from './test-app';

/** The people of the conversations suites: Ana (client) and Juan (professional, bookable), one more of each, an administrator and a visitor. */
export interface ConversationParties {
  ctx: TestContext;
  http: App;
  client: BrowserClient;
  clientId: number;
  pro: BrowserClient;
  proId: number;
  otherClient: BrowserClient;
  otherPro: BrowserClient;
  otherProId: number;
  admin: BrowserClient;
  anonymous: BrowserClient;
}

/** An app on `clock` with the parties signed in (MESSAGE_RATE_LIMIT low, so the rate test needs few messages). */
export async function startConversationsApp(clock: MovableClock): Promise<ConversationParties> {
  const ctx = await startTestApp({ professionals: 0, clock, env: { MESSAGE_RATE_LIMIT: '8/60' } });
  const http = ctx.app.getHttpServer();
  const { client, id: clientId } = await registerAccount(http, 'ana@conv.test', 'cliente', { firstName: 'Ana', lastName: 'García' });
  const { client: pro, id: proId } = await registerAccount(http, 'juan@conv.test', 'profesional');
  const { client: otherClient } = await registerAccount(http, 'otra@conv.test');
  const { client: otherPro, id: otherProId } = await registerAccount(http, 'otro@conv.test', 'profesional');
  const admin = await browser(http);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  const anonymous = await browser(http);
  await bookableProfessional(http, proId, {
    firstName: 'Juan',
    lastName: 'Pérez',
    availableDays: [...DAYS],
    dayPriceCents: 1_000_000,
  });
  return { ctx, http, client, clientId, pro, proId, otherClient, otherPro, otherProId, admin, anonymous };
}

/** Sends a text message (201 expected); answers it. */
export async function say(who: BrowserClient, id: number, text: string): Promise<MessageView> {
  const response = await who.post(`/api/conversations/${id}/messages`, { text });
  expect(response.status).toBe(201);
  return response.body;
}
