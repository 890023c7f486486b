import { In, MoreThan, type DataSource, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import { IdempotencyKey } from '../../src/common/idempotency/entities/idempotency-key.entity';
import { JobRequestImage } from '../../src/modules/job-requests/entities/job-request-image.entity';
import { EmailVerificationToken } from '../../src/modules/identity/entities/email-verification-token.entity';
import { PasswordResetToken } from '../../src/modules/identity/entities/password-reset-token.entity';
import { UserSession } from '../../src/modules/identity/sessions/entities/user-session.entity';
import { Order } from '../../src/modules/orders/entities/order.entity';
import { Payment } from '../../src/modules/payments/entities/payment.entity';

/**
 * Time passing where the app reads the database's clock (an unpaid order's age, a link's, a token's expiry, a
 * session's end): the test clock moves only what the app computes, so these move the rows' instants back instead,
 * through their entities' repositories.
 */

const HOUR = 3_600_000;

async function moveBack<T extends ObjectLiteral & { createdAt: Date }>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  where: FindOptionsWhere<T>,
  ms: number,
): Promise<void> {
  const repository = dataSource.getRepository(entity);
  for (const row of await repository.findBy(where))
    await repository.update(repository.getId(row), { createdAt: new Date(row.createdAt.getTime() - ms) } as never);
}

/** The order was made `ms` earlier (its payment window counts from then). */
export const ageOrder = (dataSource: DataSource, orderId: number, ms = HOUR): Promise<void> =>
  moveBack(dataSource, Order, { id: orderId }, ms);

/** The order's payment links were handed out `ms` earlier. */
export const agePaymentLinks = (dataSource: DataSource, orderId: number, ms = 2 * HOUR): Promise<void> =>
  moveBack(dataSource, Payment, { orderId }, ms);

/** These job request photos were uploaded `ms` earlier (the orphan clean-up's grace counts from then). */
export const ageJobRequestImages = (dataSource: DataSource, imageIds: number[], ms: number): Promise<void> =>
  moveBack(dataSource, JobRequestImage, { id: In(imageIds) }, ms);

/** Every e-mail link of the kind still valid has just expired (a minute ago). */
export async function expireMailedLinks(dataSource: DataSource, kind: 'password-reset' | 'email-verification'): Promise<void> {
  const entity = kind === 'password-reset' ? PasswordResetToken : EmailVerificationToken;
  await dataSource.getRepository(entity).update({ expiresAt: MoreThan(new Date(0)) }, { expiresAt: new Date(Date.now() - 60_000) });
}

/**
 * Sessions of the user that ended at these moments (each one expired, or revoked, `ms` before or after now):
 * answers their ids, in the order given.
 */
export async function sessionsEndedAt(
  dataSource: DataSource,
  userId: number,
  sessions: { expiresInMs: number; revokedInMs?: number }[],
): Promise<string[]> {
  const repository = dataSource.getRepository(UserSession);
  const ids: string[] = [];
  for (const { expiresInMs, revokedInMs } of sessions) {
    const { identifiers } = await repository.insert({
      userId,
      expiresAt: new Date(Date.now() + expiresInMs),
      revokedAt: revokedInMs === undefined ? null : new Date(Date.now() + revokedInMs),
    });
    ids.push(identifiers[0].id as string);
  }
  return ids;
}

/** Stored Idempotency-Key answers of the user, each made `ageMs` ago. */
export async function idempotencyKeysMadeAgo(
  dataSource: DataSource,
  userId: number,
  keys: { scope: string; key: string; ageMs: number }[],
): Promise<void> {
  await dataSource
    .getRepository(IdempotencyKey)
    .insert(keys.map(({ scope, key, ageMs }) => ({ userId, scope, key, requestHash: 'h', createdAt: new Date(Date.now() - ageMs) })));
}
