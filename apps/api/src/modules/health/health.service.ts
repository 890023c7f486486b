import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../../common/redis.module';

export interface HealthReport {
  status: 'ok' | 'error';
  database: 'up' | 'down';
  redis: 'up' | 'down';
}

const TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref())]);
}

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, redis] = await Promise.all([
      within(this.dataSource.query('SELECT 1')).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      within(this.redis.ping()).then(
        (answer) => (answer === 'PONG' ? ('up' as const) : ('down' as const)),
        () => 'down' as const,
      ),
    ]);
    return { status: database === 'up' && redis === 'up' ? 'ok' : 'error', database, redis };
  }
}
