import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../../common/redis.token';
import { runOutsideRequests } from '../../common/request-context/request-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BookingDeadlines } from '../bookings';
import { OrderPayments } from '../orders';
import { OutboxRelay } from '../outbox';
import { PaymentRefundsService, PaymentsService } from '../payments';

/** What one reconciliation found due and did. */
export interface ReconciliationReport {
  /** Payments the provider holds for orders still waiting for one, applied as their notifications would be. */
  paymentsRead: number;
  expiredOrders: number[];
  expiredLines: number[];
  doneLines: number[];
  /** Refunds asked of the provider that never got an answer, asked again (or read back). */
  refundsRetried: number;
  /** Jobs Redis no longer had, sent again. */
  jobsResent: number;
}

const LEASE_KEY = 'reconciler:lease';

/**
 * Whatever is due and not done, from Postgres, where everything owed is a state: jobs whose outbox rows never saw
 * them end (Redis lost them), payments of orders still waiting for one (a notification lost), unpaid orders past their
 * window, bookings past their deadlines, refunds never answered. Runs in every process with workers at start and every
 * RECONCILE_EVERY_MS (a timer of the process's own: the schedules of a Redis that lost everything are gone too); one
 * process a period takes the lease, and a second one running anyway changes nothing twice, every step being
 * idempotent.
 */
@Injectable()
export class Reconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reconciliation');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly payments: PaymentsService,
    private readonly refunds: PaymentRefundsService,
    private readonly orders: OrderPayments,
    private readonly bookings: BookingDeadlines,
    private readonly relay: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.workers.enabled) return;
    this.timer = setInterval(() => this.runLeased(), this.config.reconcile.everyMs);
    this.timer.unref();
    this.runLeased({ atStart: true });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** A run, unless this process is still in the previous one or another process holds this period's lease. */
  private runLeased(options: { atStart?: boolean } = {}): void {
    if (this.running) return;
    this.running = runOutsideRequests(async () => {
      // Redis away: no lease to take, and each process reconciles what Postgres says (twice is harmless).
      const leased = await this.redis.set(LEASE_KEY, String(process.pid), 'PX', this.config.reconcile.everyMs, 'NX').catch(() => 'OK');
      if (leased === null && !options.atStart) return;
      await this.reconcile(options);
    })
      .catch((error: Error) => this.logger.warn(`Reconciliación fallida: ${error.message}`))
      .finally(() => (this.running = null));
  }

  /**
   * One reconciliation. Payments first: an order paid while its notification was lost must not be expired for want
   * of it. At start (`atStart`) the lost jobs of tasks not yet due are sent again too, for the time they have left.
   */
  async reconcile({ atStart = false }: { atStart?: boolean } = {}): Promise<ReconciliationReport> {
    const now = Date.now();
    const cutoff = new Date(now - this.config.reconcile.everyMs);
    const report: ReconciliationReport = {
      paymentsRead: 0,
      expiredOrders: [],
      expiredLines: [],
      doneLines: [],
      refundsRetried: 0,
      jobsResent: 0,
    };

    const overdue = (await this.step('órdenes impagas', () => this.orders.overdueUnpaidOrders())) ?? [];
    await this.step('pagos sin notificar', async () => {
      // A link handed out a period ago may have been paid unnoticed; an order about to expire is asked about whatever
      // the age of its link.
      for (const { orderId, linkedAt } of await this.payments.ordersWithOpenLinks())
        if (linkedAt < cutoff || overdue.includes(orderId)) report.paymentsRead += await this.payments.reconcileOrder(orderId);
    });
    await this.step('órdenes vencidas', async () => {
      for (const orderId of overdue) if (await this.orders.expireUnpaid(orderId)) report.expiredOrders.push(orderId);
    });
    await this.step('plazos de reservas', async () => Object.assign(report, await this.bookings.sweep()));
    await this.step('reembolsos sin respuesta', async () => {
      report.refundsRetried = await this.refunds.settleStale(cutoff);
    });
    await this.step('trabajos perdidos', async () => {
      report.jobsResent = await this.relay.redriveUnfinished(atStart ? new Date(now) : cutoff, { dueOnly: !atStart });
    });

    const done = Object.entries(report).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value > 0));
    if (done.length > 0) this.logger.log(`Reconciliación: ${JSON.stringify(Object.fromEntries(done))}`);
    return report;
  }

  /** A step that fails (the provider away, Redis away) does not stop the others: the next run tries it again. */
  private async step<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.logger.warn(`Reconciliación (${what}): ${(error as Error).message}`);
      return undefined;
    }
  }
}
