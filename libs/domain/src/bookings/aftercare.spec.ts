import { AFTERCARE_DEFAULTS, autoDoneAt, canOpenDispute, disputeRefundCents, refundableCents } from './aftercare';

const HOUR = 3_600_000;

describe('autoDoneAt', () => {
  it('is the given hours after the last date ends in Buenos Aires (UTC-3)', () => {
    // 2026-12-07 ends at 2026-12-08 00:00 -03:00 = 03:00 UTC.
    expect(new Date(autoDoneAt('2026-12-07', 72)).toISOString()).toBe('2026-12-11T03:00:00.000Z');
    expect(new Date(autoDoneAt('2026-12-07', 0)).toISOString()).toBe('2026-12-08T03:00:00.000Z');
  });

  it('follows the configured zone', () => {
    expect(new Date(autoDoneAt('2026-12-07', 1, 'UTC')).toISOString()).toBe('2026-12-08T01:00:00.000Z');
  });

  it('refuses negative or fractional hours and bad dates', () => {
    expect(() => autoDoneAt('2026-12-07', -1)).toThrow(RangeError);
    expect(() => autoDoneAt('2026-12-07', 1.5)).toThrow(RangeError);
    expect(() => autoDoneAt('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('canOpenDispute', () => {
  const doneAt = Date.UTC(2026, 11, 10, 12);

  it('allows a report from done until the window ends, that instant included', () => {
    expect(canOpenDispute({ doneAt, now: doneAt, hasDispute: false })).toEqual({ allowed: true });
    const last = doneAt + AFTERCARE_DEFAULTS.disputeWindowHours * HOUR;
    expect(canOpenDispute({ doneAt, now: last, hasDispute: false })).toEqual({ allowed: true });
    expect(canOpenDispute({ doneAt, now: last + 1, hasDispute: false })).toEqual({
      allowed: false,
      reason: 'El plazo para reportar un problema (72 horas después de realizada) terminó',
    });
  });

  it('uses the configured window', () => {
    expect(canOpenDispute({ doneAt: new Date(doneAt), now: doneAt + 2 * HOUR, disputeWindowHours: 1, hasDispute: false }).allowed).toBe(
      false,
    );
  });

  it('refuses lines not done and a second report', () => {
    expect(canOpenDispute({ doneAt: null, now: doneAt, hasDispute: false })).toEqual({
      allowed: false,
      reason: 'Sólo se puede reportar un problema de una reserva realizada',
    });
    expect(canOpenDispute({ doneAt, now: doneAt, hasDispute: true })).toEqual({
      allowed: false,
      reason: 'Ya reportaste un problema con esta reserva',
    });
  });

  it('refuses a bad window', () => {
    expect(() => canOpenDispute({ doneAt, now: doneAt, disputeWindowHours: -2, hasDispute: false })).toThrow(RangeError);
  });
});

describe('refundableCents', () => {
  it('is the amount less every refund asked and not failed, never below nothing', () => {
    expect(refundableCents(5_800_000, 0)).toBe(5_800_000);
    expect(refundableCents(5_800_000, 2_900_000)).toBe(2_900_000);
    expect(refundableCents(5_800_000, 5_800_000)).toBe(0);
    expect(refundableCents(5_800_000, 8_700_000)).toBe(0);
    expect(() => refundableCents(5_800_000, 0.5)).toThrow(RangeError);
  });
});

describe('disputeRefundCents', () => {
  it('gives nothing for none, even on a refunded line', () => {
    expect(disputeRefundCents({ resolution: 'none', lineAmountCents: 10_000, committedCents: 10_000 })).toEqual({
      ok: true,
      refundCents: 0,
    });
  });

  it('gives what remains for full', () => {
    expect(disputeRefundCents({ resolution: 'full', lineAmountCents: 10_000, committedCents: 0 })).toEqual({
      ok: true,
      refundCents: 10_000,
    });
    expect(disputeRefundCents({ resolution: 'full', lineAmountCents: 10_000, committedCents: 2_500 })).toEqual({
      ok: true,
      refundCents: 7_500,
    });
  });

  it('gives a partial amount strictly between nothing and what remains', () => {
    expect(disputeRefundCents({ resolution: 'partial', lineAmountCents: 10_000, committedCents: 0, partialCents: 2_550 })).toEqual({
      ok: true,
      refundCents: 2_550,
    });
    expect(disputeRefundCents({ resolution: 'partial', lineAmountCents: 10_000, committedCents: 0, partialCents: 10_000 })).toEqual({
      ok: false,
      reason: 'Un reembolso parcial debe ser menor que lo que queda por devolver; elige el reembolso total',
    });
    expect(disputeRefundCents({ resolution: 'partial', lineAmountCents: 10_000, committedCents: 5_000, partialCents: 6_000 }).ok).toBe(
      false,
    );
    expect(disputeRefundCents({ resolution: 'partial', lineAmountCents: 10_000, committedCents: 0, partialCents: 0 })).toEqual({
      ok: false,
      reason: 'El monto a devolver debe ser mayor que cero',
    });
    expect(disputeRefundCents({ resolution: 'partial', lineAmountCents: 10_000, committedCents: 0 })).toEqual({
      ok: false,
      reason: 'Indica el monto a devolver',
    });
  });

  it('refuses any refund of a line already refunded in full', () => {
    for (const resolution of ['full', 'partial'] as const) {
      expect(disputeRefundCents({ resolution, lineAmountCents: 10_000, committedCents: 10_000, partialCents: 1 })).toEqual({
        ok: false,
        reason: 'Esta reserva ya fue reembolsada por completo',
      });
    }
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => disputeRefundCents({ resolution: 'full', lineAmountCents: 10.5, committedCents: 0 })).toThrow(RangeError);
    expect(() => disputeRefundCents({ resolution: 'full', lineAmountCents: 100, committedCents: -1 })).toThrow(RangeError);
  });
});
