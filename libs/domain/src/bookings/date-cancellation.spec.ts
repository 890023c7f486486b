import {
  cancelDatesSchema,
  dateCancellationQuotes,
  dateCancellationRefundKey,
  dateShares,
  isDateCancellationRefundKey,
  remainingDatesCents,
  remainingValueOf,
  wholeBookingCancellationRefund,
} from './date-cancellation';

// Tuesday 1 Dec 2026, noon in Buenos Aires (UTC-3: a date D starts at D 03:00 UTC).
const NOW = new Date('2026-12-01T15:00:00Z');
const BOOKED = ['2026-12-03', '2026-12-10', '2026-12-11'];

describe('dateShares', () => {
  it('splits the amount equally, the leftover cents on the first dates, adding up exactly', () => {
    expect([...dateShares(3_000_000, BOOKED)]).toEqual([
      ['2026-12-03', 1_000_000],
      ['2026-12-10', 1_000_000],
      ['2026-12-11', 1_000_000],
    ]);
    const shares = dateShares(1_000, ['2026-12-11', '2026-12-03', '2026-12-10']);
    expect([...shares.values()]).toEqual([334, 333, 333]);
    expect([...shares.keys()]).toEqual(BOOKED);
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => dateShares(10.5, BOOKED)).toThrow(RangeError);
    expect(() => dateShares(-1, BOOKED)).toThrow(RangeError);
  });
});

describe('dateCancellationQuotes', () => {
  const quote = (by: 'client' | 'professional', dates: string[], now: Date | number = NOW) =>
    dateCancellationQuotes({ amountCents: 3_000_000, bookedDates: BOOKED, dates, by, now, fullRefundHours: 48, lateRefundPercent: 50 });

  it("prices each of the client's dates by the policy from that date's start", () => {
    // 3 Dec starts in 36 h (late: 50 %); 10 and 11 Dec are more than 48 h away (full).
    expect(quote('client', ['2026-12-11', '2026-12-03', '2026-12-10'])).toEqual([
      { date: '2026-12-03', allowed: true, shareCents: 1_000_000, refundCents: 500_000, kind: 'partial' },
      { date: '2026-12-10', allowed: true, shareCents: 1_000_000, refundCents: 1_000_000, kind: 'full' },
      { date: '2026-12-11', allowed: true, shareCents: 1_000_000, refundCents: 1_000_000, kind: 'full' },
    ]);
  });

  it('gives the full share exactly 48 h before the date starts, the late share one millisecond later', () => {
    const fullUntil = new Date('2026-12-08T03:00:00Z').getTime(); // 10 Dec 00:00 in Buenos Aires, less 48 h
    expect(quote('client', ['2026-12-10'], fullUntil)[0]).toMatchObject({ refundCents: 1_000_000, kind: 'full' });
    expect(quote('client', ['2026-12-10'], fullUntil + 1)[0]).toMatchObject({ refundCents: 500_000, kind: 'partial' });
  });

  it("gives the professional's dates back in full, even the late ones", () => {
    expect(quote('professional', ['2026-12-03']).map((q) => q.allowed && q.refundCents)).toEqual([1_000_000]);
  });

  it('refuses a date that has started, for either of them, and keeps the later ones cancellable', () => {
    const started = new Date('2026-12-03T03:00:00Z');
    for (const by of ['client', 'professional'] as const)
      expect(quote(by, ['2026-12-03', '2026-12-10'], started)).toEqual([
        { date: '2026-12-03', allowed: false, shareCents: 1_000_000, reason: 'El jueves 3 dic ya empezó: ese día no se puede cancelar' },
        expect.objectContaining({ date: '2026-12-10', allowed: true }),
      ]);
  });

  it('keeps a date’s share when others were cancelled (the booked dates, not the remaining ones, divide the price)', () => {
    expect(remainingDatesCents(1_000, BOOKED, ['2026-12-10', '2026-12-11'])).toBe(666);
    expect(remainingDatesCents(1_000, BOOKED, BOOKED)).toBe(1_000);
  });

  it('counts a booking never cut by its whole amount (also one from before dates existed), a cut one by the dates left', () => {
    expect(remainingValueOf({ reservationAmountCents: 1_000, dates: [], cancelledDates: [] })).toBe(1_000);
    expect(remainingValueOf({ reservationAmountCents: 1_000, dates: BOOKED, cancelledDates: [] })).toBe(1_000);
    expect(remainingValueOf({ reservationAmountCents: 1_000, dates: ['2026-12-11'], cancelledDates: ['2026-12-03', '2026-12-10'] })).toBe(
      333,
    );
  });

  it('throws on a date that is not one of the booking', () => {
    expect(() => quote('client', ['2026-12-12'])).toThrow(RangeError);
  });
});

describe('wholeBookingCancellationRefund', () => {
  const whole = (booking: { reservationAmountCents: number; dates: string[]; cancelledDates: string[] }, now: Date | number = NOW) =>
    wholeBookingCancellationRefund({ booking, now, fullRefundHours: 48, lateRefundPercent: 50 });

  it('prices each date still on by its own start, giving back what cancelling every date one by one gives', () => {
    // 3 Dec is late (50 % of its share), 10 and 11 Dec are free: not 50 % of everything from the first date.
    const booking = { reservationAmountCents: 1_000, dates: BOOKED, cancelledDates: [] };
    const byDate = dateCancellationQuotes({ amountCents: 1_000, bookedDates: BOOKED, dates: BOOKED, by: 'client', now: NOW });
    expect(whole(booking)).toEqual({ allowed: true, refundCents: 167 + 333 + 333, kind: 'partial' });
    expect(byDate.reduce((sum, quote) => sum + (quote.allowed ? quote.refundCents : 0), 0)).toBe(833);
    expect(whole(booking, new Date('2026-11-29T03:00:00Z'))).toEqual({ allowed: true, refundCents: 1_000, kind: 'full' });
  });

  it('counts only the dates still on once some were cancelled, and refuses once the first of them has started', () => {
    expect(whole({ reservationAmountCents: 1_000, dates: ['2026-12-10', '2026-12-11'], cancelledDates: ['2026-12-03'] })).toEqual({
      allowed: true,
      refundCents: 666,
      kind: 'full',
    });
    expect(whole({ reservationAmountCents: 1_000, dates: BOOKED, cancelledDates: [] }, new Date('2026-12-03T03:00:00Z'))).toEqual({
      allowed: false,
      reason: 'La reserva ya no se puede cancelar: su primer día ya empezó',
    });
  });
});

describe('dateCancellationRefundKey', () => {
  it('is one key per request, never an exit key, and at most 64 characters', () => {
    expect(dateCancellationRefundKey(2_147_483_647, 2_147_483_647).length).toBeLessThanOrEqual(64);
    expect(dateCancellationRefundKey(12, 7)).toBe('oficios-line-12-dates-7-refund');
    expect(isDateCancellationRefundKey('oficios-line-12-dates-7-refund')).toBe(true);
    expect(isDateCancellationRefundKey('oficios-line-12-refund-client_cancelled')).toBe(false);
    expect(isDateCancellationRefundKey(undefined)).toBe(false);
    expect(() => dateCancellationRefundKey(12, 0)).toThrow(RangeError);
  });
});

describe('cancelDatesSchema', () => {
  const errorOf = (body: unknown) => {
    const parsed = cancelDatesSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0].message;
  };
  it('wants at least one real date, each once', () => {
    expect(cancelDatesSchema.parse({ dates: [' 2026-12-10 '] })).toEqual({ dates: ['2026-12-10'] });
    expect(errorOf({ dates: [] })).toBe('Elegí al menos un día para cancelar');
    expect(errorOf({ dates: ['2026-02-30'] })).toBe('dates debe ser una lista de fechas AAAA-MM-DD');
    expect(errorOf({ dates: 'mañana' })).toBe('dates debe ser una lista de fechas AAAA-MM-DD');
    expect(errorOf({ dates: ['2026-12-10', '2026-12-10'] })).toBe('Cada día va una sola vez');
  });
});
