import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_ROUTES, QUEUES, eventJobId, type EventJobData, type EventType, type QueueName } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OUTBOX_WRITTEN } from './outbox.service';

const BATCH = 100;
/** How long one enqueue may take before the batch is given up (Redis away) and retried on the next tick. */
const ENQUEUE_TIMEOUT_MS = 5_000;

interface PendingRow {
  id: string;
  type: EventType;
  payload: EventJobData['payload'];
}

/**
 * Moves outbox rows to BullMQ: woken after each commit and on a timer. Rows
 * are claimed with SKIP LOCKED, so relays in several processes never send the
 * same batch together; the job id is the event id, so sending one again (a
 * crash between enqueue and marking it sent) adds nothing.
 */
@Injectable()
export class OutboxRelay implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly queues = new Map<QueueName, Queue>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wokenWhileRunning = false;
  private failing = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    for (const name of Object.values(QUEUES)) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      // Connection errors surface as failed enqueues; without a listener BullMQ prints every reconnect attempt.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.config.outbox.pollMs);
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  @OnEvent(OUTBOX_WRITTEN)
  wake(): void {
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = this.relayPending()
      .then(() => {
        if (this.failing) this.logger.log('Eventos en cola de nuevo');
        this.failing = false;
      })
      .catch((error: Error) => {
        // Redis away: the rows stay pending and the next tick tries again.
        if (!this.failing) this.logger.warn(`No se pudieron encolar eventos: ${error.message}`);
        this.failing = true;
      })
      .finally(() => {
        this.running = null;
        if (this.wokenWhileRunning && this.timer) {
          this.wokenWhileRunning = false;
          this.wake();
        }
      });
  }

  /** Relays every pending event; answers when none is left (or throws when Redis refuses). */
  async relayPending(): Promise<void> {
    for (;;) {
      const sent = await this.dataSource.transaction(async (manager) => {
        const rows: PendingRow[] = await manager.query(
          `SELECT id, type, payload FROM outbox_events WHERE sent_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH],
        );
        for (const row of rows) await this.enqueue(row);
        if (rows.length > 0)
          await manager.query(`UPDATE outbox_events SET sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [
            rows.map((row) => row.id),
          ]);
        return rows.length;
      });
      if (sent < BATCH) return;
    }
  }

  private async enqueue(row: PendingRow): Promise<void> {
    const data: EventJobData = { eventId: row.id, payload: row.payload };
    for (const queueName of EVENT_ROUTES[row.type] ?? []) {
      const queue = this.queues.get(queueName);
      if (!queue) throw new Error(`Cola desconocida ${queueName}`);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        queue.add(row.type, data, { jobId: eventJobId(row.id) }),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error('Redis no responde')), ENQUEUE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timeout));
    }
  }
}
