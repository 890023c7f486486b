import {
  BOOKING_ACTORS,
  BOOKING_EVENTS,
  BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  isLiveBooking,
  lastDateHasPassed,
  moveBooking,
  orderStatusOfBookings,
  type BookingActor,
  type BookingEvent,
  type RefundOwed,
  type BookingStatus,
} from './booking-lifecycle';

/** Who may cause each event, written out. */
const ACTORS: Record<BookingEvent, BookingActor[]> = {
  paid: ['system'],
  payment_window_passed: ['system'],
  accepted: ['professional'],
  declined: ['professional'],
  response_deadline_passed: ['system'],
  client_cancelled: ['client'],
  professional_cancelled: ['professional'],
  admin_cancelled: ['admin'],
  marked_done: ['professional', 'admin'],
  auto_done: ['system'],
  refunded: ['system'],
};

/** Every allowed move, by status (the code's table is by event): [to, releases the hold, refund]. Anything else is refused. */
const ALLOWED: Record<BookingStatus, Partial<Record<BookingEvent, [BookingStatus, boolean, RefundOwed]>>> = {
  awaiting_payment: {
    paid: ['awaiting_professional', false, 'none'],
    payment_window_passed: ['expired', true, 'none'],
    client_cancelled: ['cancelled_by_client', true, 'none'],
    admin_cancelled: ['cancelled_by_admin', true, 'none'],
  },
  awaiting_professional: {
    accepted: ['confirmed', false, 'none'],
    declined: ['declined', true, 'full'],
    response_deadline_passed: ['expired', true, 'full'],
    client_cancelled: ['cancelled_by_client', true, 'policy'],
    admin_cancelled: ['cancelled_by_admin', true, 'full'],
  },
  confirmed: {
    client_cancelled: ['cancelled_by_client', true, 'policy'],
    professional_cancelled: ['declined', true, 'full'],
    admin_cancelled: ['cancelled_by_admin', true, 'full'],
    marked_done: ['done', false, 'none'],
    auto_done: ['done', false, 'none'],
  },
  done: { admin_cancelled: ['cancelled_by_admin', true, 'full'] },
  declined: { refunded: ['refunded', false, 'none'] },
  expired: { refunded: ['refunded', false, 'none'] },
  cancelled_by_client: { refunded: ['refunded', false, 'none'] },
  cancelled_by_admin: { refunded: ['refunded', false, 'none'] },
  refunded: {},
};

const matrix = BOOKING_STATUSES.flatMap((from) =>
  BOOKING_EVENTS.flatMap((event) => BOOKING_ACTORS.map((actor) => [from, event, actor] as [BookingStatus, BookingEvent, BookingActor])),
);

describe('the booking line life cycle', () => {
  it('covers 9 statuses × 11 events × 4 actors', () => expect(matrix).toHaveLength(9 * 11 * 4));

  it.each(matrix)('%s --%s (%s)-->', (from, event, actor) => {
    const expected = ACTORS[event].includes(actor) ? ALLOWED[from][event] : undefined;
    const result = moveBooking(from, event, actor);
    if (expected) {
      expect(result).toEqual({ ok: true, to: expected[0], releasesHold: expected[1], refund: expected[2] });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^(Solo|No se puede) /);
    }
  });

  it('has 19 allowed (status, event) pairs and refuses the other 80', () => {
    const allowedPairs = BOOKING_STATUSES.flatMap((from) =>
      BOOKING_EVENTS.filter((event) => ACTORS[event].some((a) => moveBooking(from, event, a).ok)),
    );
    expect(allowedPairs).toHaveLength(19);
  });

  it('tells a wrong actor who may do it, before looking at the status', () => {
    expect(moveBooking('awaiting_professional', 'accepted', 'client')).toEqual({
      ok: false,
      reason: 'Solo el profesional puede aceptar una reserva',
    });
    expect(moveBooking('refunded', 'marked_done', 'client')).toEqual({
      ok: false,
      reason: 'Solo el profesional o el administrador puede marcar como realizada una reserva',
    });
    expect(moveBooking('awaiting_payment', 'paid', 'admin')).toEqual({
      ok: false,
      reason: 'Solo el sistema puede registrar el pago de una reserva',
    });
  });

  it('tells a right actor why the status refuses it', () => {
    expect(moveBooking('confirmed', 'accepted', 'professional')).toEqual({
      ok: false,
      reason: 'No se puede aceptar una reserva confirmada',
    });
    expect(moveBooking('done', 'client_cancelled', 'client')).toEqual({ ok: false, reason: 'No se puede cancelar una reserva realizada' });
    expect(moveBooking('awaiting_professional', 'professional_cancelled', 'professional')).toEqual({
      ok: false,
      reason: 'No se puede cancelar una reserva esperando la respuesta del profesional',
    });
    expect(moveBooking('awaiting_professional', 'paid', 'system')).toEqual({
      ok: false,
      reason: 'No se puede registrar el pago de una reserva esperando la respuesta del profesional',
    });
    expect(moveBooking('refunded', 'refunded', 'system')).toEqual({
      ok: false,
      reason: 'No se puede registrar el reembolso de una reserva reembolsada',
    });
  });

  it('has a Spanish label for every status', () => {
    for (const status of BOOKING_STATUSES) expect(BOOKING_STATUS_LABELS[status]).toMatch(/^[a-záéíóúñ ]+$/);
  });

  it('leaves exits only to record a refund, and refunded never', () => {
    for (const from of BOOKING_STATUSES.filter((status) => !isLiveBooking(status))) {
      for (const event of BOOKING_EVENTS) {
        for (const actor of BOOKING_ACTORS) {
          const result = moveBooking(from, event, actor);
          if (result.ok) expect([event, result.to]).toEqual(['refunded', 'refunded']);
        }
      }
    }
  });

  it('releases the hold exactly when a live line leaves the main path', () => {
    for (const [from, event, actor] of matrix) {
      const result = moveBooking(from, event, actor);
      if (result.ok) expect(result.releasesHold).toBe(isLiveBooking(from) && !isLiveBooking(result.to));
    }
  });
});

describe('live lines', () => {
  it.each<[BookingStatus, boolean]>([
    ['awaiting_payment', true],
    ['awaiting_professional', true],
    ['confirmed', true],
    ['done', true],
    ['declined', false],
    ['expired', false],
    ['cancelled_by_client', false],
    ['cancelled_by_admin', false],
    ['refunded', false],
  ])('%s live: %s', (status, live) => expect(isLiveBooking(status)).toBe(live));
});

describe('the order status derived from its lines', () => {
  it.each<[BookingStatus[], string]>([
    [['awaiting_payment'], 'creada'],
    [['awaiting_payment', 'awaiting_payment'], 'creada'],
    [['awaiting_payment', 'expired'], 'creada'],
    [['awaiting_professional'], 'procesando'],
    [['confirmed'], 'procesando'],
    [['confirmed', 'done'], 'procesando'],
    [['awaiting_professional', 'declined', 'refunded'], 'procesando'],
    [['done'], 'completa'],
    [['done', 'done'], 'completa'],
    [['done', 'declined', 'refunded', 'cancelled_by_client'], 'completa'],
    [[], 'cancelada'],
    [['expired'], 'cancelada'],
    [['declined', 'refunded', 'cancelled_by_admin', 'cancelled_by_client', 'expired'], 'cancelada'],
  ])('%j → %s', (lines, status) => expect(orderStatusOfBookings(lines)).toBe(status));
});

describe('the last date being over', () => {
  // 2026-12-07 00:00 in Buenos Aires (UTC-3) is 03:00 UTC.
  it('is not over during the day, in the marketplace zone', () => {
    expect(lastDateHasPassed('2026-12-07', Date.parse('2026-12-07T03:00:00Z'))).toBe(false);
    expect(lastDateHasPassed('2026-12-07', new Date('2026-12-08T02:59:59Z'))).toBe(false);
  });

  it('is over from the next midnight there', () => {
    expect(lastDateHasPassed('2026-12-07', Date.parse('2026-12-08T03:00:00Z'))).toBe(true);
  });

  it('follows the zone it is given', () => {
    expect(lastDateHasPassed('2026-12-07', Date.parse('2026-12-08T00:30:00Z'), 'UTC')).toBe(true);
    expect(lastDateHasPassed('2026-12-07', Date.parse('2026-12-08T00:30:00Z'))).toBe(false);
  });

  it('refuses a malformed date', () => expect(() => lastDateHasPassed('7/12/2026', 0)).toThrow(RangeError));
});
