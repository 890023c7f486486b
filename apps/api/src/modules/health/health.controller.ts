import { Controller, Get, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import { QUEUES } from '@oficios/domain';
import { Access } from '../../common/auth/access.decorator';
import { CHECK_TIMEOUT_MS, QueueLagIndicator, RedisIndicator } from './health-indicators';
import { healthReport, queueKey } from './health-report';

@ApiTags('health')
@Access('public')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisIndicator,
    private readonly queues: QueueLagIndicator,
  ) {}

  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOkResponse({
    description: '{status: "ok", database: "up", redis: "up", queues: {payments: {status: "up", waiting, lagMs}, …}, details: (terminus)}',
  })
  @ApiServiceUnavailableResponse({ description: 'the same body with status "error" and the failing parts "down"' })
  async check() {
    const result = await this.health
      .check([
        () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
        () => this.redis.check('redis'),
        ...Object.values(QUEUES).map((name) => () => this.queues.check(queueKey(name), name)),
      ])
      // Terminus answers a failed check with a 503 carrying the same result: reshape both alike.
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });
    const report = healthReport(result);
    if (report.status === 'ok') return report;
    this.logger.warn(`Fuera de servicio: ${Object.keys(result.error ?? {}).join(', ')}`);
    throw new ServiceUnavailableException(report);
  }
}
