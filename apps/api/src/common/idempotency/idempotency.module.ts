import { Module } from '@nestjs/common';
import { IdempotencyKeys } from './idempotency-keys.service';

/** `Idempotency-Key` on the routes that create something worth money (orders, payment links). */
@Module({ providers: [IdempotencyKeys], exports: [IdempotencyKeys] })
export class IdempotencyModule {}
