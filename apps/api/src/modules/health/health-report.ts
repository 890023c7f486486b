import type { HealthCheckResult, HealthIndicatorResult } from '@nestjs/terminus';
import type { QueueName } from '@oficios/domain';

const QUEUE_PREFIX = 'queue:';
export const queueKey = (name: QueueName): string => `${QUEUE_PREFIX}${name}`;

type Part = 'up' | 'down';

/**
 * The answer of GET /health: the top-level fields clients have always read (`status`, `database`, `redis`), the
 * queues by name, and terminus' details of every part.
 */
export interface HealthReport {
  status: 'ok' | 'error';
  database: Part;
  redis: Part;
  queues: Record<string, HealthIndicatorResult[string]>;
  details: HealthCheckResult['details'];
}

export function healthReport(result: HealthCheckResult): HealthReport {
  const statusOf = (key: string): Part => (result.details[key]?.status === 'up' ? 'up' : 'down');
  const queues = Object.fromEntries(
    Object.entries(result.details)
      .filter(([key]) => key.startsWith(QUEUE_PREFIX))
      .map(([key, detail]) => [key.slice(QUEUE_PREFIX.length), detail]),
  );
  return {
    status: result.status === 'ok' ? 'ok' : 'error',
    database: statusOf('database'),
    redis: statusOf('redis'),
    queues,
    details: result.details,
  };
}
