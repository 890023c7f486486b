import { Inject, Injectable } from '@nestjs/common';
import {
  BOOKING_DATE_MESSAGES,
  addDays,
  bookableDates,
  cancellationPolicyText,
  dateLabel,
  whyNotBookable,
  todayIn,
  type AvailabilityView,
  type BookingDateRefusal,
  type BookingDateRules,
  type BookingSettingsView,
  type CalendarDay,
  type DateRangeQuery,
  type Day,
  type IsoDate,
  type ProfessionalCalendarView,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { conflict, invalidInput, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig, type BookingSettings } from '../../config/app-config';
import { ProfessionalsService, type BookingTerms } from '../catalog';
import { OutboxService } from '../outbox';
import { AvailabilityCache } from './availability-cache';
import { CalendarRepository, holdRefusalOf, type DateKey } from './calendar.repository';

/** The longest range one availability or calendar answer covers (a year and a bit: any month view fits). */
const MAX_RANGE_DAYS = 400;

/** What a booking-date check needs of a professional: who (for the messages) and the weekdays they work. */
export interface BookableProfessional {
  id: number;
  firstName: string;
  lastName: string;
  availableDays: readonly Day[];
}

const dateLockKey = (key: DateKey) => `${key.professionalId}:${key.date}`;

/** The dates a checkout's lines are to hold: each line's, each date once. */
export interface HoldRequest {
  lineId: number;
  professional: BookableProfessional;
  dates: readonly IsoDate[];
}

const datesOfHolds = (holds: readonly HoldRequest[]) =>
  holds.flatMap((hold) => [...new Set(hold.dates)].map((date) => ({ lineId: hold.lineId, professionalId: hold.professional.id, date })));

export const professionalName = (professional: { firstName: string; lastName: string }) =>
  `${professional.firstName} ${professional.lastName}`;

/**
 * A professional's dates: the settings of booking, which dates can be booked (availability, cached), the holds that
 * make a double booking impossible (taken inside the caller's transaction), and the professional's own calendar and
 * blocked dates. "Now" is the injected clock's.
 */
@Injectable()
export class CalendarService {
  readonly settings: BookingSettings;
  private readonly cache: AvailabilityCache;
  /** The date locks each open transaction took through `bookingRulesOf`, by its manager (one per transaction). */
  private readonly locksOf = new WeakMap<EntityManager, Set<string>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly calendar: CalendarRepository,
    private readonly catalog: ProfessionalsService,
    private readonly outbox: OutboxService,
  ) {
    this.settings = config.bookings;
    this.cache = new AvailabilityCache(config.availabilityCacheTtlMs);
  }

  now(): Date {
    return this.clock.now();
  }

  today(): IsoDate {
    return todayIn(this.clock.now(), this.settings.timeZone);
  }

  /** `GET /api/bookings/settings`. */
  settingsView(): BookingSettingsView {
    const { timeZone, minLeadHours, horizonDays, professionalResponseHours, fullRefundHours, lateRefundPercent } = this.settings;
    return {
      timeZone,
      minLeadHours,
      horizonDays,
      professionalResponseHours,
      fullRefundHours,
      lateRefundPercent,
      autoDoneHours: this.settings.autoDoneHours,
      disputeWindowHours: this.settings.disputeWindowHours,
      policyText: cancellationPolicyText({ fullRefundHours, lateRefundPercent }),
      today: this.today(),
    };
  }

  /** The rules of libs/domain for a professional now, with the dates it blocked and those others hold. */
  rules(professional: BookableProfessional, blocked: Iterable<IsoDate> = [], taken: Iterable<IsoDate> = []): BookingDateRules {
    return {
      now: this.clock.now(),
      timeZone: this.settings.timeZone,
      minLeadHours: this.settings.minLeadHours,
      horizonDays: this.settings.horizonDays,
      availableDays: professional.availableDays,
      blocked: [...blocked],
      taken: [...taken],
    };
  }

  /** The Spanish refusal of a date (BOOKING_DATE_MESSAGES, with this deployment's settings). */
  refusalMessage(refusal: BookingDateRefusal, professional: BookableProfessional, date: string): string {
    return BOOKING_DATE_MESSAGES[refusal]({
      professional: professionalName(professional),
      date,
      minLeadHours: this.settings.minLeadHours,
      horizonDays: this.settings.horizonDays,
    });
  }

  /** 409 `date_taken`: the message names the professional and the date. */
  dateTaken(professional: { firstName: string; lastName: string }, date: IsoDate) {
    return conflict('date_taken', `${professionalName(professional)} ya no está disponible el ${dateLabel(date)}: elige otra fecha`);
  }

  /**
   * The booking rules of each professional now (weekdays, lead, horizon, the dates it blocked and those held live),
   * for choosing dates outside a hold (the cart); read inside `manager`'s transaction when given. With `lockFirst`
   * (a transaction's `manager` required), the same statement first locks those dates as `holdDates` does, which then
   * does not lock them again: a checkout of chosen dates saves a round trip.
   */
  async bookingRulesOf(
    professionals: readonly BookableProfessional[],
    manager?: EntityManager,
    lockFirst: readonly DateKey[] = [],
  ): Promise<Map<number, BookingDateRules>> {
    const rulesFor = await this.bookingRulesReader(
      professionals.map((professional) => professional.id),
      manager,
      lockFirst,
    );
    return new Map(professionals.map((professional) => [professional.id, rulesFor(professional)]));
  }

  /**
   * `bookingRulesOf` for professionals known by id only so far: reads (and locks) at once, answers each one's rules
   * once the professional is known. Its query is written before its first `await` (writeTogether).
   */
  async bookingRulesReader(
    professionalIds: readonly number[],
    manager?: EntityManager,
    lockFirst: readonly DateKey[] = [],
  ): Promise<(professional: BookableProfessional) => BookingDateRules> {
    if (lockFirst.length > 0 && !manager?.queryRunner)
      throw new Error('bookingRulesOf: los bloqueos de fechas van dentro de una transacción');
    const today = this.today();
    let unavailable: { professionalId: number; date: IsoDate; blocked: boolean }[] = [];
    if (professionalIds.length > 0) {
      unavailable = await this.calendar.unavailableDatesOf(
        [...new Set(professionalIds)],
        today,
        addDays(today, this.settings.horizonDays),
        manager,
        lockFirst,
      );
    } else if (lockFirst.length > 0) {
      await this.calendar.lockDates(manager!, lockFirst);
    }
    if (lockFirst.length > 0) this.rememberLocks(manager!, lockFirst);
    return (professional) => {
      const own = unavailable.filter((row) => row.professionalId === professional.id);
      return this.rules(
        professional,
        own.filter((row) => row.blocked).map((row) => row.date),
        own.filter((row) => !row.blocked).map((row) => row.date),
      );
    };
  }

  /** Locks the holds' dates for the rest of the transaction, those `bookingRulesReader` did not lock already. */
  async lockForHolds(manager: EntityManager, holds: readonly HoldRequest[]): Promise<void> {
    const locked = this.locksOf.get(manager);
    const wanted = datesOfHolds(holds);
    if (locked && wanted.every((key) => locked.has(dateLockKey(key)))) return;
    await this.calendar.lockDates(manager, wanted);
    this.rememberLocks(manager, wanted);
  }

  /**
   * Holds the lines' dates inside the caller's transaction (an OutboxService one), under their locks (`lockForHolds`,
   * or `bookingRulesReader`'s), in one statement issued before this returns, which nothing waits for: the caller can
   * send it with the COMMIT (`OutboxService.writeWithCommit`). A date someone holds is 409 `date_taken`, one the
   * professional blocked meanwhile 400; either fails the statement, and the transaction rolls back whole. The
   * database's unique index over live holds stands behind the check.
   */
  holdDates(manager: EntityManager, holds: readonly HoldRequest[]): Promise<void> {
    const wanted = datesOfHolds(holds);
    if (wanted.length === 0) return Promise.resolve();
    const locked = this.locksOf.get(manager);
    // Thrown here, not answered: the statement must not go out (or the transaction commit) without its locks.
    if (!locked || wanted.some((key) => !locked.has(dateLockKey(key)))) throw new Error('holdDates: fechas sin bloquear (lockForHolds)');
    const professionalOf = new Map(holds.map((hold) => [hold.professional.id, hold.professional]));
    // Recorded before the statement's answer (a refusal rolls it back with the holds); refused outside an outbox transaction.
    const recorded = this.outbox.record(manager, 'CalendarChanged', { professionalIds: [...professionalOf.keys()] });
    const held = this.calendar.insertHolds(manager, wanted).catch((error: unknown) => {
      const refusal = holdRefusalOf(error);
      if (!refusal) throw error;
      const professional = refusal.professionalId === undefined ? undefined : professionalOf.get(refusal.professionalId);
      if (!professional || !refusal.date)
        throw conflict('date_taken', 'Una de las fechas elegidas ya no está disponible: elige otra fecha');
      if (refusal.state === 'blocked')
        throw invalidInput([{ field: 'cartId', message: this.refusalMessage('blocked', professional, refusal.date) }]);
      throw this.dateTaken(professional, refusal.date);
    });
    return Promise.all([recorded, held]).then(() => undefined);
  }

  private rememberLocks(manager: EntityManager, dates: readonly DateKey[]): void {
    const locked = this.locksOf.get(manager) ?? new Set<string>();
    for (const key of dates) locked.add(dateLockKey(key));
    this.locksOf.set(manager, locked);
  }

  /** The line's dates are free again (expired, cancelled, declined...); inside the caller's (outbox) transaction. */
  async releaseHolds(manager: EntityManager, lineId: number): Promise<void> {
    const changed = await this.calendar.releaseHolds(manager, lineId);
    if (changed.length === 0) return;
    // Dropped once committed (CalendarCacheBus): a drop before the commit would let a read of the old holds be cached again.
    await this.outbox.record(manager, 'CalendarChanged', { professionalIds: changed });
  }

  /** Some of the line's dates are free again (cancelled one by one); the rest stay held. */
  async releaseDates(manager: EntityManager, lineId: number, dates: readonly IsoDate[]): Promise<void> {
    const changed = await this.calendar.releaseDates(manager, lineId, dates);
    if (changed.length === 0) return;
    await this.outbox.record(manager, 'CalendarChanged', { professionalIds: changed });
  }

  /** The line was paid: its held dates show as booked on the professional's calendar. */
  async markBooked(manager: EntityManager, lineId: number): Promise<void> {
    await this.calendar.markBooked(manager, lineId);
  }

  /** The dates the line holds live (a re-checkout of an unchanged order keeps them). */
  liveDatesOfLine(manager: EntityManager, lineId: number): Promise<IsoDate[]> {
    return this.calendar.liveDatesOfLine(manager, lineId);
  }

  /** Drops this process's cached availability of the professionals (their calendar changed). */
  dropCached(professionalIds: readonly number[]): void {
    this.cache.drop(professionalIds);
  }

  private range(query: DateRangeQuery): { from: IsoDate; to: IsoDate } {
    const today = this.today();
    const from = query.from ?? today;
    const to = query.to ?? addDays(from < today ? today : from, this.settings.horizonDays);
    if (addDays(from, MAX_RANGE_DAYS) < to) {
      throw invalidInput([{ field: 'to', message: `El rango de fechas abarca como máximo ${MAX_RANGE_DAYS} días` }]);
    }
    return { from, to };
  }

  private async professional(id: number): Promise<BookingTerms> {
    const [terms] = await this.catalog.bookingTermsOf([id]);
    if (!terms) throw notFound(`No existe el profesional ${id}`);
    return terms;
  }

  /** `GET /home/professionals/{id}/availability?from&to`: the bookable dates in the range (cached per professional). */
  async availability(professionalId: number, query: DateRangeQuery): Promise<AvailabilityView> {
    const { from, to } = this.range(query);
    // The key holds the hour: the lead time moves the first bookable date as the clock goes on.
    const hour = Math.floor(this.clock.now().getTime() / 3_600_000);
    return this.cache.getOrLoad(professionalId, `${from}:${to}:${hour}`, async () => {
      // Two reads, one after the other: the terms (catalog's; an unknown professional answers 404) and every blocked or
      // held date in one statement. Sent together they took two of the pool's connections per request, and under load
      // the requests waited for connections (the CPU, not the round trip, is what runs out).
      const professional = await this.professional(professionalId);
      const unavailable = await this.calendar.unavailableDatesOf([professionalId], from, to);
      const rules = this.rules(
        professional,
        unavailable.filter((day) => day.blocked).map((day) => day.date),
        unavailable.filter((day) => !day.blocked).map((day) => day.date),
      );
      // One pass with the rules resolved once (not a whyNotBookable per date).
      return { professionalId, from, to, dates: bookableDates({ ...rules, from, to }) };
    });
  }

  /** `GET /api/calendar?from&to`: every date of the range with its state, for the professional itself. */
  async calendarOf(professionalId: number, query: DateRangeQuery): Promise<ProfessionalCalendarView> {
    const { from, to } = this.range(query);
    const professional = await this.professional(professionalId);
    const [blocked, holds] = await Promise.all([
      this.calendar.blockedDates(professionalId, from, to),
      this.calendar.liveHolds(professionalId, from, to),
    ]);
    const holdOf = new Map(holds.map((h) => [h.date, h]));
    const blockedSet = new Set(blocked);
    const rules = this.rules(professional);
    const days: CalendarDay[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) days.push(this.dayOf(date, holdOf.get(date), blockedSet.has(date), rules));
    return { professionalId, from, to, days };
  }

  private dayOf(
    date: IsoDate,
    hold: { lineId: number; booked: boolean } | undefined,
    blocked: boolean,
    rules: BookingDateRules,
  ): CalendarDay {
    if (hold) return { date, state: hold.booked ? 'booked' : 'held', lineId: hold.lineId };
    if (blocked) return { date, state: 'blocked' };
    return { date, state: whyNotBookable(date, rules) === null ? 'free' : 'off' };
  }

  /** `PUT /api/calendar/blocked/{date}`: the professional takes a date off; 409 when a booking holds it. */
  async block(professionalId: number, date: IsoDate): Promise<CalendarDay> {
    const professional = await this.professional(professionalId);
    await this.outbox.transaction(async (manager) => {
      await this.calendar.lockDates(manager, [{ professionalId, date }]);
      const [hold] = await this.calendar.liveHolds(professionalId, date, date, manager);
      if (hold) {
        throw conflict('date_booked', `El ${dateLabel(date)} tiene una reserva: no se puede bloquear`);
      }
      await this.calendar.block(manager, professionalId, date);
      await this.outbox.record(manager, 'CalendarChanged', { professionalIds: [professionalId] });
    });
    this.cache.drop([professionalId]);
    return this.dayOf(date, undefined, true, this.rules(professional));
  }

  /** `DELETE /api/calendar/blocked/{date}`: the date is the professional's again (free if otherwise bookable). */
  async unblock(professionalId: number, date: IsoDate): Promise<CalendarDay> {
    const professional = await this.professional(professionalId);
    await this.outbox.transaction(async (manager) => {
      await this.calendar.unblock(manager, professionalId, date);
      await this.outbox.record(manager, 'CalendarChanged', { professionalIds: [professionalId] });
    });
    this.cache.drop([professionalId]);
    const [hold] = await this.calendar.liveHolds(professionalId, date, date);
    return this.dayOf(date, hold, false, this.rules(professional));
  }
}
