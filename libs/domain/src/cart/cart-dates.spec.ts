import type { BookingDateRules } from '../bookings/booking-dates';
import { addDateToLine, dateForWeekday, daysOfDates, noFreeDateMessage, removeWeekday } from './cart-dates';

// Tuesday 1 Dec 2026, noon in Buenos Aires: Thursday 3 is the first date past the 24 h of lead.
const rules = (overrides: Partial<BookingDateRules> = {}): BookingDateRules => ({
  now: new Date('2026-12-01T15:00:00Z'),
  availableDays: ['lunes', 'jueves'],
  blocked: [],
  taken: [],
  ...overrides,
});

describe('cart dates', () => {
  it('answers the weekday names of the dates in week order, repeated weekdays kept', () => {
    expect(daysOfDates(['2026-12-03', '2026-12-07', '2026-12-10'])).toEqual(['lunes', 'jueves', 'jueves']);
  });

  it('adds a bookable date in ascending order, refuses it twice and refuses unbookable ones with their reason', () => {
    expect(addDateToLine(['2026-12-10'], ' 2026-12-07 ', rules())).toEqual({ ok: true, dates: ['2026-12-07', '2026-12-10'] });
    expect(addDateToLine(['2026-12-07'], '2026-12-07', rules())).toEqual({ ok: false, reason: 'duplicate' });
    expect(addDateToLine([], '2026-12-08', rules())).toEqual({ ok: false, reason: 'unavailable_weekday' });
    expect(addDateToLine([], '2026-11-30', rules())).toEqual({ ok: false, reason: 'too_soon' });
    expect(addDateToLine([], '2027-03-01', rules())).toEqual({ ok: false, reason: 'beyond_horizon' });
    expect(addDateToLine([], '2026-12-07', rules({ blocked: ['2026-12-07'] }))).toEqual({ ok: false, reason: 'blocked' });
    expect(addDateToLine([], '2026-12-07', rules({ taken: ['2026-12-07'] }))).toEqual({ ok: false, reason: 'taken' });
    expect(addDateToLine([], '2026-02-30', rules())).toEqual({ ok: false, reason: 'invalid' });
  });

  it('maps a weekday name to its next bookable date, skipping taken, blocked and already chosen dates', () => {
    expect(dateForWeekday('Jueves', rules())).toEqual({ ok: true, date: '2026-12-03' });
    expect(dateForWeekday('jueves', rules({ taken: ['2026-12-03'], blocked: ['2026-12-10'] }))).toEqual({ ok: true, date: '2026-12-17' });
    expect(dateForWeekday('lunes', rules(), ['2026-12-07'])).toEqual({ ok: true, date: '2026-12-14' });
    expect(dateForWeekday('martes', rules())).toEqual({ ok: false, reason: 'unavailable' });
    expect(dateForWeekday('domingo', rules())).toEqual({ ok: false, reason: 'unavailable' });
    expect(dateForWeekday('lunes', rules({ horizonDays: 5 }))).toEqual({ ok: false, reason: 'no_free_date' });
  });

  it('removes every date of a weekday', () => {
    expect(removeWeekday(['2026-12-03', '2026-12-07', '2026-12-10'], 'Jueves')).toEqual(['2026-12-07']);
  });

  it('says when a weekday has no free date', () => {
    expect(noFreeDateMessage('Lunes', 'Juan Pérez')).toBe('Juan Pérez no tiene un lunes libre para reservar');
  });
});
