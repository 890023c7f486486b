import { Module } from '@nestjs/common';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import { IdempotencyKeys } from './idempotency-keys.service';
import { PruneIdempotencyKeysJob } from './prune-idempotency-keys.job';

/** `Idempotency-Key` on the routes that create something worth money (orders, payment links). */
@Module({ providers: [IdempotencyKeys, IdempotencyKeysRepository, PruneIdempotencyKeysJob], exports: [IdempotencyKeys] })
export class IdempotencyModule {}
