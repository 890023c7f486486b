import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { QueueLagIndicator, RedisIndicator } from './health-indicators';

// Terminus' own error log is off: the controller writes one warning naming what is down.
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [RedisIndicator, QueueLagIndicator],
})
export class HealthModule {}
