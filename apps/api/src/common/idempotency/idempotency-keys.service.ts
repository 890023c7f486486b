import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { apiError, invalidInput } from '../errors/app-errors';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
const HEADER = 'Idempotency-Key';

/** The `Idempotency-Key` header: absent, or 1 to 100 printable ASCII characters (not only spaces); else 400. */
export function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x20-\x7e]{1,100}$/.test(value) || value.trim() === '')
    throw invalidInput([{ field: HEADER, message: `${HEADER} debe tener de 1 a 100 caracteres ASCII imprimibles` }]);
  return value;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export interface IdempotentRequest {
  userId: number;
  /** The route, e.g. `POST /api/orders`. */
  scope: string;
  key: string | undefined;
  body: unknown;
}

/**
 * Honours `Idempotency-Key`: the same user, key, route and body get the stored answer again, without the work being
 * done twice. The key is claimed inside the transaction that does the work, so a racing request with the same key
 * waits on the key's row until the first one commits (then replays its answer) or rolls back (then does the work
 * itself). Only successful answers are stored: a refused request can be sent again with its key.
 */
@Injectable()
export class IdempotencyKeys {
  constructor(private readonly keys: IdempotencyKeysRepository) {}

  async run<T>(manager: EntityManager, request: IdempotentRequest, work: () => Promise<T>): Promise<T> {
    if (request.key === undefined) return work();
    const { userId, scope, key } = request;
    const requestHash = createHash('sha256').update(canonical(request.body)).digest('hex');
    // The user's expired keys go first (their own rows: no other user's request waits on them).
    await this.keys.deleteExpired(IDEMPOTENCY_KEY_TTL_HOURS, userId, manager);
    if (!(await this.keys.claim(manager, { userId, scope, key, requestHash }))) {
      const stored = await this.keys.find(manager, userId, scope, key);
      if (stored.requestHash !== requestHash)
        throw apiError(
          HttpStatus.UNPROCESSABLE_ENTITY,
          'idempotency_key_reused',
          `Esta ${HEADER} ya se usó con otra solicitud: usa una clave nueva`,
        );
      return stored.response as T;
    }
    const answer = await work();
    await this.keys.saveAnswer(manager, userId, scope, key, answer);
    return answer;
  }
}
