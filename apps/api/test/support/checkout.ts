import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { QUEUES, type ProfessionalListItem } from '@oficios/domain';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { App } from 'supertest/types';
import type { DataSource } from 'typeorm';
import { recordsOf } from '../factories/records';
import { registerAccount, type BrowserClient } from './http-client';
import { eventually } from './eventually';

/** The id of the client's server cart. */
export const cartIdOf = async (client: BrowserClient): Promise<number> => (await client.get('/api/cart')).body.id as number;

/** Puts professionals (with their first `days` days) in the client's server cart and checks out: answers the new order. */
export async function orderFromCart(
  client: BrowserClient,
  cartId: number,
  professionals: ProfessionalListItem[],
  days = 1,
): Promise<{ id: number; amount: number }> {
  for (const professional of professionals) {
    const added = await client.post('/api/cart', { professionalId: professional.id, days: professional.availableDays.slice(0, days) });
    if (added.status !== 201 && added.status !== 409) throw new Error(`cart: ${added.status} ${JSON.stringify(added.body)}`);
  }
  const created = await client.post('/api/orders', { cartId });
  if (created.status !== 201) throw new Error(`order: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.newOrder;
}

/** A client registered now, with an unpaid order of `professionals` (their first `days` days each). */
export async function clientWithOrder(
  http: App,
  email: string,
  professionals: ProfessionalListItem[],
  days = 1,
): Promise<{ client: BrowserClient; order: { id: number; amount: number } }> {
  const { client } = await registerAccount(http, email);
  return { client, order: await orderFromCart(client, await cartIdOf(client), professionals, days) };
}

/** Waits until every outbox event is relayed and no job is waiting or running (delayed ones may stay). */
export async function drained(app: NestFastifyApplication, dataSource: DataSource): Promise<void> {
  await eventually(async () => {
    if ((await recordsOf(dataSource).countPendingOutboxEvents()) > 0) return false;
    for (const name of Object.values(QUEUES)) {
      const counts = await app.get<Queue>(getQueueToken(name), { strict: false }).getJobCounts('waiting', 'active', 'prioritized');
      if (counts.waiting + counts.active + counts.prioritized > 0) return false;
    }
    return true;
  });
}

export async function orderStatus(dataSource: DataSource, orderId: number): Promise<string> {
  return (await recordsOf(dataSource).order(orderId))?.status as string;
}

/**
 * Pays an order of `client` as a client does: its payment link, the sandbox's "Aprobar pago", and the signed
 * notification the worker applies; resolves once the order is procesando.
 */
export async function payOrder(http: App, dataSource: DataSource, client: BrowserClient, orderId: number): Promise<void> {
  const link = await client.post('/api/mercado', { orderId });
  if (link.status !== 201) throw new Error(`payment link: ${link.status} ${JSON.stringify(link.body)}`);
  const paid = await request(http)
    .post(`${new URL(link.body.url).pathname}/pay`)
    .type('form')
    .send({ decision: 'approve' });
  if (paid.status !== 303) throw new Error(`sandbox payment: ${paid.status} ${paid.text}`);
  await eventually(async () => (await orderStatus(dataSource, orderId)) === 'procesando');
}
