import type { BookingDateRules } from '../bookings/booking-dates';
import { cartMergeNotice, planCartMerge, type MergeTerms } from './merge';

// Tuesday 1 Dec 2026, noon in Buenos Aires: dates from Thursday 3 on are past the 24 h of lead.
const NOW = new Date('2026-12-01T15:00:00Z');
const ana: MergeTerms = { id: 1, firstName: 'Ana', lastName: 'Perez', availableDays: ['lunes', 'miercoles', 'viernes'] };
const beto: MergeTerms = { id: 2, firstName: 'Beto', lastName: 'Gomez', availableDays: ['martes', 'sabado'] };
const taken: Record<number, string[]> = { 1: ['2026-12-04'] };
const rulesOf = (professional: MergeTerms): BookingDateRules => ({
  now: NOW,
  availableDays: professional.availableDays,
  blocked: professional.id === 2 ? ['2026-12-08'] : [],
  taken: taken[professional.id] ?? [],
});
type Args = Parameters<typeof planCartMerge>;
const plan = (server: Args[0], browser: Args[1], terms: Args[2]) => planCartMerge(server, browser, terms, rulesOf);

describe('planCartMerge', () => {
  it('adds professionals new to the server cart, each weekday as its next bookable date not taken', () => {
    expect(plan([], [{ professionalId: 1, days: ['viernes', 'Lunes'] }], [ana])).toEqual({
      // Friday 4 is taken by someone else: Friday 11.
      additions: [{ professionalId: 1, dates: ['2026-12-07', '2026-12-11'], days: ['lunes', 'viernes'] }],
      updates: [],
      dropped: [],
    });
  });

  it('adds browser dates that can be booked, ascending, and drops the others with the date and why', () => {
    const merged = plan(
      [],
      [{ professionalId: 2, days: [], dates: ['2026-12-12', '2026-12-05', '2026-12-08', '2026-12-07', 'ayer'] }],
      [beto],
    );
    expect(merged.additions).toEqual([{ professionalId: 2, dates: ['2026-12-05', '2026-12-12'], days: ['sabado', 'sabado'] }]);
    expect(merged.dropped).toEqual([
      { reason: 'unavailable-date', professionalId: 2, name: 'Beto Gomez', date: '2026-12-08', refusal: 'blocked' },
      { reason: 'unavailable-date', professionalId: 2, name: 'Beto Gomez', date: '2026-12-07', refusal: 'unavailable_weekday' },
      { reason: 'unavailable-date', professionalId: 2, name: 'Beto Gomez', date: 'ayer', refusal: 'invalid' },
    ]);
  });

  it('merges a professional already on the server into one line with the union of the dates', () => {
    const merged = plan(
      [{ professionalId: 1, days: ['lunes'], dates: ['2026-12-07'] }],
      [{ professionalId: 1, days: ['lunes', 'miercoles'], dates: ['2026-12-07', '2026-12-14'] }],
      [ana],
    );
    expect(merged).toEqual({
      additions: [],
      updates: [{ professionalId: 1, dates: ['2026-12-07', '2026-12-09', '2026-12-14'], days: ['lunes', 'lunes', 'miercoles'] }],
      dropped: [],
    });
  });

  it('writes nothing for a line the server already holds whole (a weekday it has a date of counts once)', () => {
    expect(plan([{ professionalId: 1, days: ['lunes'], dates: ['2026-12-14'] }], [{ professionalId: 1, days: ['lunes'] }], [ana])).toEqual({
      additions: [],
      updates: [],
      dropped: [],
    });
  });

  it('merges a professional twice in the browser cart and counts a repeated day or date once', () => {
    const merged = plan(
      [],
      [
        { professionalId: 2, days: ['martes', 'martes'], dates: ['2026-12-05', '2026-12-05'] },
        { professionalId: 2, days: ['sabado'] },
      ],
      [beto],
    );
    // Tuesday 8 is blocked: Tuesday 15.
    expect(merged.additions).toEqual([{ professionalId: 2, dates: ['2026-12-05', '2026-12-15'], days: ['martes', 'sabado'] }]);
    expect(merged.dropped).toEqual([]);
  });

  it('drops and reports days the professional does not work, and unknown days', () => {
    const merged = plan([], [{ professionalId: 2, days: ['lunes', 'martes', 'domingo'] }], [beto]);
    expect(merged.additions).toEqual([{ professionalId: 2, dates: ['2026-12-15'], days: ['martes'] }]);
    expect(merged.dropped).toEqual([
      { reason: 'unavailable-day', professionalId: 2, name: 'Beto Gomez', day: 'lunes' },
      { reason: 'unavailable-day', professionalId: 2, name: 'Beto Gomez', day: 'domingo' },
    ]);
  });

  it('drops professionals the catalogue does not know, once each', () => {
    const merged = plan(
      [],
      [
        { professionalId: 9, days: ['lunes'] },
        { professionalId: 9, days: [] },
      ],
      [ana],
    );
    expect(merged).toEqual({ additions: [], updates: [], dropped: [{ reason: 'unknown-professional', professionalId: 9 }] });
  });

  it('keeps a browser professional with no days yet (the client picks them later)', () => {
    expect(plan([], [{ professionalId: 1, days: [] }], [ana]).additions).toEqual([{ professionalId: 1, dates: [], days: [] }]);
  });

  it('leaves server lines the browser does not mention alone', () => {
    const merged = plan(
      [{ professionalId: 2, days: ['martes'], dates: ['2026-12-15'] }],
      [{ professionalId: 1, days: ['lunes'] }],
      [ana, beto],
    );
    expect(merged.additions).toEqual([{ professionalId: 1, dates: ['2026-12-07'], days: ['lunes'] }]);
    expect(merged.updates).toEqual([]);
  });
});

describe('cartMergeNotice', () => {
  it('says nothing when nothing was dropped', () => {
    expect(cartMergeNotice([])).toBeNull();
  });

  it('names each dropped day, date and unknown professional', () => {
    expect(
      cartMergeNotice([
        { reason: 'unavailable-day', professionalId: 2, name: 'Beto Gomez', day: 'lunes' },
        { reason: 'unavailable-date', professionalId: 2, name: 'Beto Gomez', date: '2026-12-08', refusal: 'blocked' },
        { reason: 'unknown-professional', professionalId: 9 },
      ]),
    ).toBe(
      'Quitamos de tu carrito el dia lunes de Beto Gomez, que no trabaja ese dia; el martes 8 dic de Beto Gomez, que ya no se puede reservar; ' +
        'un profesional que ya no está disponible.',
    );
  });
});
