import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { IdempotencyKey } from './entities/idempotency-key.entity';

/** The stored answers of `Idempotency-Key` requests (`idempotency_keys`). */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Deletes the keys older than `hours`, of one user or (without `userId`) of everyone; answers how many. */
  async deleteExpired(hours: number, userId?: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, deleted] = (await manager.query(
      `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1) AND ($2::int IS NULL OR user_id = $2)`,
      [hours, userId ?? null],
    )) as [unknown, number];
    return deleted;
  }

  /** Claims the key; false when it exists (the caller then waited for its owner's transaction to end). */
  async claim(manager: EntityManager, key: Pick<IdempotencyKey, 'userId' | 'scope' | 'key' | 'requestHash'>): Promise<boolean> {
    const claimed: unknown[] = await manager.query(
      `INSERT INTO idempotency_keys (user_id, scope, key, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id`,
      [key.userId, key.scope, key.key, key.requestHash],
    );
    return claimed.length > 0;
  }

  find(manager: EntityManager, userId: number, scope: string, key: string): Promise<IdempotencyKey> {
    return manager.getRepository(IdempotencyKey).findOneByOrFail({ userId, scope, key });
  }

  async saveAnswer(manager: EntityManager, userId: number, scope: string, key: string, answer: unknown): Promise<void> {
    await manager.query(`UPDATE idempotency_keys SET response = $4 WHERE user_id = $1 AND scope = $2 AND key = $3`, [
      userId,
      scope,
      key,
      JSON.stringify(answer),
    ]);
  }
}
