import {
  CANCELLATION_DEFAULTS,
  REFUND_CAUSES,
  assertCancellationSettings,
  cancellationPolicyText,
  clientCancellationRefund,
  refundIdempotencyKey,
} from './cancellation-policy';
import { startOfDateIn } from './booking-dates';

const HOUR = 3_600_000;
// Monday 7 December 2026, 00:00 in Buenos Aires (UTC-3).
const START = Date.parse('2026-12-07T03:00:00Z');
const refund = (now: number | Date, extra: Partial<Parameters<typeof clientCancellationRefund>[0]> = {}) =>
  clientCancellationRefund({ amountCents: 1_000_000, firstDateStartsAt: START, now, ...extra });

describe('the client cancellation refund', () => {
  it('defaults to 48 hours and 50 percent', () => expect(CANCELLATION_DEFAULTS).toEqual({ fullRefundHours: 48, lateRefundPercent: 50 }));

  it('gives everything back well ahead', () => {
    expect(refund(START - 30 * 24 * HOUR)).toEqual({ allowed: true, refundCents: 1_000_000, kind: 'full' });
  });

  it('gives everything back at exactly 48 hours before the start', () => {
    expect(refund(START - 48 * HOUR)).toEqual({ allowed: true, refundCents: 1_000_000, kind: 'full' });
    expect(refund(new Date(START - 48 * HOUR))).toEqual({ allowed: true, refundCents: 1_000_000, kind: 'full' });
  });

  it('gives the late percent from just after 48 hours until just before the start', () => {
    expect(refund(START - 48 * HOUR + 1)).toEqual({ allowed: true, refundCents: 500_000, kind: 'partial' });
    expect(refund(START - 1)).toEqual({ allowed: true, refundCents: 500_000, kind: 'partial' });
  });

  it('refuses from exactly the start on, in Spanish', () => {
    const refused = { allowed: false, reason: 'La reserva ya no se puede cancelar: su primer día ya empezó' };
    expect(refund(START)).toEqual(refused);
    expect(refund(START + 5 * 24 * HOUR)).toEqual(refused);
  });

  it('rounds the late share down to the cent', () => {
    expect(refund(START - HOUR, { amountCents: 12_345 })).toEqual({ allowed: true, refundCents: 6_172, kind: 'partial' });
    expect(refund(START - HOUR, { amountCents: 1, lateRefundPercent: 50 })).toEqual({ allowed: true, refundCents: 0, kind: 'partial' });
    expect(refund(START - HOUR, { amountCents: 999, lateRefundPercent: 33 })).toEqual({ allowed: true, refundCents: 329, kind: 'partial' });
  });

  it('gives nothing back late at 0 percent, but still lets the client cancel', () => {
    expect(refund(START - HOUR, { lateRefundPercent: 0 })).toEqual({ allowed: true, refundCents: 0, kind: 'partial' });
    expect(refund(START - 49 * HOUR, { lateRefundPercent: 0 })).toEqual({ allowed: true, refundCents: 1_000_000, kind: 'full' });
  });

  it('gives everything back late at 100 percent', () => {
    expect(refund(START - HOUR, { lateRefundPercent: 100, amountCents: 12_345 })).toEqual({
      allowed: true,
      refundCents: 12_345,
      kind: 'full',
    });
  });

  it('follows other settings', () => {
    expect(refund(START - 24 * HOUR, { fullRefundHours: 24 })).toEqual({ allowed: true, refundCents: 1_000_000, kind: 'full' });
    expect(refund(START - 24 * HOUR + 1, { fullRefundHours: 24, lateRefundPercent: 30 })).toEqual({
      allowed: true,
      refundCents: 300_000,
      kind: 'partial',
    });
    expect(refund(START - 1, { fullRefundHours: 0 })).toEqual({ allowed: true, refundCents: 1_000_000, kind: 'full' });
    expect(refund(START, { fullRefundHours: 0 }).allowed).toBe(false);
  });

  it('refuses impossible amounts, times and settings', () => {
    expect(() => refund(START - HOUR, { amountCents: 10.5 })).toThrow(RangeError);
    expect(() => refund(START - HOUR, { amountCents: -1 })).toThrow(RangeError);
    expect(() => refund(Number.NaN)).toThrow(RangeError);
    expect(() => refund(new Date('nope'))).toThrow(RangeError);
    expect(() => refund(START - HOUR, { lateRefundPercent: 101 })).toThrow(RangeError);
    expect(() => refund(START - HOUR, { lateRefundPercent: 12.5 })).toThrow(RangeError);
    expect(() => refund(START - HOUR, { fullRefundHours: -1 })).toThrow(RangeError);
  });
});

describe('the settings check', () => {
  it('accepts the defaults and the ends of the range', () => {
    expect(() => assertCancellationSettings(CANCELLATION_DEFAULTS)).not.toThrow();
    expect(() => assertCancellationSettings({ fullRefundHours: 0, lateRefundPercent: 0 })).not.toThrow();
    expect(() => assertCancellationSettings({ fullRefundHours: 720, lateRefundPercent: 100 })).not.toThrow();
  });

  it('refuses the rest', () => {
    expect(() => assertCancellationSettings({ fullRefundHours: 1.5, lateRefundPercent: 50 })).toThrow(
      'Horas de cancelación gratuita inválidas: 1.5',
    );
    expect(() => assertCancellationSettings({ fullRefundHours: 48, lateRefundPercent: -1 })).toThrow(
      'Porcentaje de devolución tardía inválido: -1',
    );
  });
});

describe('the refund idempotency key', () => {
  it('is stable for a line and cause', () => {
    expect(refundIdempotencyKey(42, 'declined')).toBe('oficios-line-42-refund-declined');
    expect(refundIdempotencyKey(42, 'declined')).toBe(refundIdempotencyKey('42', 'declined'));
  });

  it('differs by line and by cause', () => {
    const keys = REFUND_CAUSES.flatMap((cause) => [refundIdempotencyKey(1, cause), refundIdempotencyKey(2, cause)]);
    expect(new Set(keys).size).toBe(REFUND_CAUSES.length * 2);
  });

  it('fits MercadoPago and refuses what is not an id or a cause', () => {
    expect(refundIdempotencyKey('3f2a-9c', 'professional_cancelled').length).toBeLessThanOrEqual(64);
    expect(() => refundIdempotencyKey('', 'declined')).toThrow(RangeError);
    expect(() => refundIdempotencyKey('1;2', 'declined')).toThrow(RangeError);
    expect(() => refundIdempotencyKey(1, 'whatever' as never)).toThrow(RangeError);
  });
});

describe('the policy text', () => {
  it('states the defaults', () => {
    expect(cancellationPolicyText()).toBe(
      'Cancelación gratuita de cada día hasta 48 horas antes de que empiece; después, hasta que empiece, se devuelve el 50 % de ese día; luego no hay devolución.',
    );
  });

  it('follows other settings', () => {
    expect(cancellationPolicyText({ fullRefundHours: 1, lateRefundPercent: 25 })).toBe(
      'Cancelación gratuita de cada día hasta 1 hora antes de que empiece; después, hasta que empiece, se devuelve el 25 % de ese día; luego no hay devolución.',
    );
    expect(cancellationPolicyText({ fullRefundHours: 72, lateRefundPercent: 0 })).toBe(
      'Cancelación gratuita de cada día hasta 72 horas antes de que empiece; después no hay devolución.',
    );
  });

  it('has no late step when it would give everything back', () => {
    const whole = 'Cancelación gratuita de cada día hasta que empiece; luego no hay devolución.';
    expect(cancellationPolicyText({ fullRefundHours: 48, lateRefundPercent: 100 })).toBe(whole);
    expect(cancellationPolicyText({ fullRefundHours: 0, lateRefundPercent: 50 })).toBe(whole);
  });

  it('refuses settings it could not state', () =>
    expect(() => cancellationPolicyText({ fullRefundHours: 48, lateRefundPercent: 150 })).toThrow(RangeError));
});

describe('the first date as the policy reads it', () => {
  it('starts at local midnight in the marketplace zone (startOfDateIn)', () => expect(startOfDateIn('2026-12-07')).toBe(START));
});
