import { DAYS, type Day } from '../constants';
import {
  BOOKING_DATE_MESSAGES,
  BOOKING_DATE_REFUSALS,
  BOOKING_DEFAULTS,
  type BookingDateRules,
  addDays,
  bookableDates,
  dateLabel,
  daysBetween,
  isBookable,
  isIsoDate,
  nextBookableDateOf,
  startOfDateIn,
  todayIn,
  weekdayOf,
  whyNotBookable,
} from './booking-dates';

const at = (iso: string): number => Date.parse(iso);

/** Friday 4 Dec 2026, noon in Buenos Aires (UTC-3); the professional works Monday, Wednesday and Friday. */
const FRIDAY_NOON = at('2026-12-04T15:00:00Z');
const rules = (overrides: Partial<BookingDateRules> = {}): BookingDateRules => ({
  now: FRIDAY_NOON,
  availableDays: ['lunes', 'miercoles', 'viernes'],
  blocked: [],
  taken: [],
  ...overrides,
});
const everyDay: Day[] = [...DAYS];

describe('booking defaults', () => {
  it('are the issue’s: Buenos Aires, 24 hours ahead, 60 days out', () => {
    expect(BOOKING_DEFAULTS).toEqual({ timeZone: 'America/Argentina/Buenos_Aires', minLeadHours: 24, horizonDays: 60 });
  });
});

describe('isIsoDate', () => {
  it.each(['2026-12-07', '2028-02-29', '2000-02-29', '2026-01-31', '2026-04-30', '0001-01-01', '9999-12-31'])(
    'accepts the real date %s',
    (text) => expect(isIsoDate(text)).toBe(true),
  );

  it.each([
    '2026-02-30',
    '2027-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-12-00',
    '0000-01-01',
    '2026-2-3',
    '26-12-07',
    '2026/12/07',
    ' 2026-12-07',
    '2026-12-07 ',
    '2026-12-07T00:00',
    '',
  ])('refuses %j', (text) => expect(isIsoDate(text)).toBe(false));

  it('refuses what is not text', () => {
    for (const value of [null, undefined, 20261207, new Date('2026-12-07'), ['2026-12-07']]) {
      expect(isIsoDate(value)).toBe(false);
    }
  });
});

describe('addDays and daysBetween', () => {
  it('cross months, years and leap days', () => {
    expect(addDays('2026-12-07', 1)).toBe('2026-12-08');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-12-04', 60)).toBe('2027-02-02');
    expect(addDays('2026-12-07', 0)).toBe('2026-12-07');
    expect(addDays('0050-03-01', -1)).toBe('0050-02-28');
  });

  it('count whole days either way', () => {
    expect(daysBetween('2026-12-04', '2027-02-02')).toBe(60);
    expect(daysBetween('2027-02-02', '2026-12-04')).toBe(-60);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
  });

  it('refuse invalid dates, fractional days and results past year 9999', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-12-07', 1.5)).toThrow(RangeError);
    expect(() => addDays('2026-12-07', NaN)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => daysBetween('2026-2-3', '2026-12-07')).toThrow(RangeError);
  });
});

describe('weekdayOf', () => {
  it('names each date by the spec’s weekday, without accents', () => {
    const week = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12'];
    expect(week.map(weekdayOf)).toEqual(['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado']);
  });

  it('is null on Sunday, which the spec never offers', () => {
    expect(weekdayOf('2026-12-06')).toBeNull();
  });

  it('refuses an invalid date', () => {
    expect(() => weekdayOf('2026-02-30')).toThrow(RangeError);
  });
});

describe('dateLabel', () => {
  it('is the spec’s day label plus the day and the short Spanish month', () => {
    expect(dateLabel('2026-12-07')).toBe('lunes 7 dic');
    expect(dateLabel('2027-02-03')).toBe('miercoles 3 feb');
    expect(dateLabel('2026-12-12')).toBe('sabado 12 dic');
    expect(dateLabel('2026-12-06')).toBe('domingo 6 dic');
  });

  it('uses every short month name', () => {
    const months = Array.from({ length: 12 }, (_, i) => dateLabel(`2027-${String(i + 1).padStart(2, '0')}-01`));
    expect(months.map((label) => label.split(' ')[2])).toEqual([
      'ene',
      'feb',
      'mar',
      'abr',
      'may',
      'jun',
      'jul',
      'ago',
      'sep',
      'oct',
      'nov',
      'dic',
    ]);
  });

  it('refuses an invalid date', () => {
    expect(() => dateLabel('2026-2-3')).toThrow(RangeError);
  });
});

describe('todayIn', () => {
  it('is the date in Buenos Aires by default, from a Date or epoch ms', () => {
    expect(todayIn(FRIDAY_NOON)).toBe('2026-12-04');
    expect(todayIn(new Date(FRIDAY_NOON))).toBe('2026-12-04');
  });

  it('is still the previous day in Buenos Aires late in the UTC evening…', () => {
    const lateEvening = at('2026-12-05T02:30:00Z'); // 23:30 on Friday 4 in Buenos Aires
    expect(todayIn(lateEvening, 'UTC')).toBe('2026-12-05');
    expect(todayIn(lateEvening)).toBe('2026-12-04');
    expect(todayIn(at('2026-12-05T02:59:59.999Z'))).toBe('2026-12-04');
    expect(todayIn(at('2026-12-05T03:00:00Z'))).toBe('2026-12-05');
  });

  it('…and already the next day east of UTC', () => {
    expect(todayIn(at('2026-12-04T14:59:59Z'), 'Asia/Tokyo')).toBe('2026-12-04');
    expect(todayIn(at('2026-12-04T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-12-05');
  });

  it('answers each zone its own date for the same second, asked again and again (the zone arithmetic is remembered per zone and second)', () => {
    const instant = at('2026-12-04T11:30:00Z');
    for (let round = 0; round < 3; round++) {
      expect(todayIn(instant, 'Pacific/Kiritimati')).toBe('2026-12-05'); // UTC+14
      expect(todayIn(instant, 'Pacific/Pago_Pago')).toBe('2026-12-04'); // UTC-11
      expect(todayIn(instant + 999, 'Pacific/Kiritimati')).toBe('2026-12-05');
    }
  });

  it('agrees with Intl over more seconds than it remembers, in several zones', () => {
    const dateOf = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);
    const start = at('2026-03-28T20:00:00Z');
    for (let step = 0; step < 1500; step++) {
      // Every 97 minutes for about 100 days, over Santiago's and London's clock changes.
      const ms = start + step * 97 * 60_000 + (step % 1000);
      for (const zone of ['America/Santiago', 'Europe/London', 'America/Argentina/Buenos_Aires']) {
        expect(todayIn(ms, zone)).toBe(dateOf(ms, zone));
      }
    }
  });

  it('refuses an invalid instant or zone', () => {
    expect(() => todayIn(new Date('not a date'))).toThrow(RangeError);
    expect(() => todayIn(NaN)).toThrow(RangeError);
    expect(() => todayIn(FRIDAY_NOON, 'America/Atlantis')).toThrow(RangeError);
  });
});

describe('startOfDateIn', () => {
  it('is local midnight: 03:00 UTC in Buenos Aires, the evening before in zones east of UTC', () => {
    expect(startOfDateIn('2026-12-07')).toBe(at('2026-12-07T03:00:00Z'));
    expect(startOfDateIn('2026-12-07', 'UTC')).toBe(at('2026-12-07T00:00:00Z'));
    expect(startOfDateIn('2026-12-07', 'Asia/Tokyo')).toBe(at('2026-12-06T15:00:00Z'));
    expect(startOfDateIn('2026-12-07', 'Asia/Kathmandu')).toBe(at('2026-12-06T18:15:00Z'));
    expect(startOfDateIn('2026-12-07', 'Pacific/Kiritimati')).toBe(at('2026-12-06T10:00:00Z'));
    expect(startOfDateIn('2026-12-07', 'Pacific/Pago_Pago')).toBe(at('2026-12-07T11:00:00Z'));
  });

  it('follows summer time instead of assuming a fixed offset', () => {
    expect(startOfDateIn('2026-07-01', 'Europe/Madrid')).toBe(at('2026-06-30T22:00:00Z'));
    expect(startOfDateIn('2026-12-07', 'Europe/Madrid')).toBe(at('2026-12-06T23:00:00Z'));
    expect(startOfDateIn('2008-12-07')).toBe(at('2008-12-07T02:00:00Z')); // Argentina's 2008–09 summer time, UTC-2
  });

  it('is the clock change when summer time skips midnight (Argentina, 19 Oct 2008; São Paulo, 4 Nov 2018)', () => {
    expect(startOfDateIn('2008-10-19')).toBe(at('2008-10-19T03:00:00Z')); // 00:00 -03 never happened: 01:00 -02
    expect(startOfDateIn('2018-11-04', 'America/Sao_Paulo')).toBe(at('2018-11-04T03:00:00Z'));
    expect(todayIn(at('2008-10-19T02:59:59Z'))).toBe('2008-10-18');
  });

  it('is midnight after the change when summer time ends at midnight (Argentina, 15 Mar 2009)', () => {
    expect(startOfDateIn('2009-03-15')).toBe(at('2009-03-15T03:00:00Z'));
    expect(startOfDateIn('2009-03-14')).toBe(at('2009-03-14T02:00:00Z'));
  });

  it('is the first of two midnights when the clock goes back over one (Havana, 5 Nov 2023)', () => {
    expect(startOfDateIn('2023-11-05', 'America/Havana')).toBe(at('2023-11-05T04:00:00Z'));
  });

  it('agrees with todayIn on every day of a year with a clock change', () => {
    for (let date = '2008-01-01'; date <= '2009-12-31'; date = addDays(date, 1)) {
      const start = startOfDateIn(date);
      expect([todayIn(start - 1), todayIn(start)]).toEqual([addDays(date, -1), date]);
    }
  });

  it('refuses an invalid date or zone', () => {
    expect(() => startOfDateIn('2026-02-30')).toThrow(RangeError);
    expect(() => startOfDateIn('2026-12-07', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('whyNotBookable and isBookable', () => {
  it('accept a working day ahead, neither blocked nor taken', () => {
    expect(whyNotBookable('2026-12-07', rules())).toBeNull();
    expect(isBookable('2026-12-07', rules())).toBe(true);
  });

  it('refuse what is not a real YYYY-MM-DD date', () => {
    for (const date of ['2026-02-30', '2026-2-3', '', null, 20261207]) {
      expect(whyNotBookable(date, rules())).toBe('invalid');
      expect(isBookable(date, rules())).toBe(false);
    }
  });

  it('refuse a weekday outside the professional’s availability, and every Sunday', () => {
    expect(whyNotBookable('2026-12-08', rules())).toBe('unavailable_weekday'); // martes
    expect(whyNotBookable('2026-12-06', rules({ availableDays: everyDay }))).toBe('unavailable_weekday');
    expect(whyNotBookable('2026-12-07', rules({ availableDays: [] }))).toBe('unavailable_weekday');
  });

  describe('the lead time', () => {
    const mondayStarts = at('2026-12-07T03:00:00Z');

    it('accepts a date that begins exactly 24 hours from now, not a millisecond less', () => {
      expect(whyNotBookable('2026-12-07', rules({ now: mondayStarts - 24 * 3_600_000 }))).toBeNull();
      expect(whyNotBookable('2026-12-07', rules({ now: mondayStarts - 24 * 3_600_000 + 1 }))).toBe('too_soon');
    });

    it('counts from the date’s start in the marketplace’s zone, not in UTC', () => {
      const now = at('2026-12-06T02:00:00Z'); // 25 h before Monday in Buenos Aires, 22 h before it in UTC
      expect(whyNotBookable('2026-12-07', rules({ now }))).toBeNull();
      expect(whyNotBookable('2026-12-07', rules({ now, timeZone: 'UTC' }))).toBe('too_soon');
    });

    it('follows a configured lead', () => {
      const now = mondayStarts - 47 * 3_600_000;
      expect(whyNotBookable('2026-12-07', rules({ now, minLeadHours: 48 }))).toBe('too_soon');
      expect(whyNotBookable('2026-12-09', rules({ now, minLeadHours: 48 }))).toBeNull();
      expect(whyNotBookable('2026-12-07', rules({ now, minLeadHours: 0 }))).toBeNull();
    });

    it('refuses today and past dates, even with no lead', () => {
      expect(whyNotBookable('2026-12-04', rules())).toBe('too_soon');
      expect(whyNotBookable('2026-12-04', rules({ minLeadHours: 0 }))).toBe('too_soon');
      expect(whyNotBookable('2026-11-30', rules())).toBe('too_soon');
      expect(whyNotBookable('2020-01-01', rules({ availableDays: everyDay }))).toBe('too_soon');
    });
  });

  describe('the horizon', () => {
    const allDays = rules({ availableDays: everyDay });

    it('accepts the date exactly 60 days after today, not the one after', () => {
      expect(whyNotBookable('2027-02-02', allDays)).toBeNull();
      expect(whyNotBookable('2027-02-03', allDays)).toBe('beyond_horizon');
      expect(whyNotBookable('2027-12-01', allDays)).toBe('beyond_horizon');
    });

    it('counts from today in the marketplace’s zone: it moves at midnight in Buenos Aires, not in UTC', () => {
      const beforeMidnight = rules({ availableDays: everyDay, now: at('2026-12-05T02:59:59Z') });
      const afterMidnight = rules({ availableDays: everyDay, now: at('2026-12-05T03:00:00Z') });
      expect(whyNotBookable('2027-02-03', beforeMidnight)).toBe('beyond_horizon');
      expect(whyNotBookable('2027-02-03', afterMidnight)).toBeNull();
    });

    it('follows a configured horizon', () => {
      expect(whyNotBookable('2026-12-11', rules({ horizonDays: 7 }))).toBeNull();
      expect(whyNotBookable('2026-12-14', rules({ horizonDays: 7 }))).toBe('beyond_horizon');
    });
  });

  it('refuse a date the professional blocked, or one someone else holds, as an array or a set', () => {
    expect(whyNotBookable('2026-12-07', rules({ blocked: ['2026-12-07'] }))).toBe('blocked');
    expect(whyNotBookable('2026-12-07', rules({ blocked: new Set(['2026-12-07']) }))).toBe('blocked');
    expect(whyNotBookable('2026-12-07', rules({ taken: ['2026-12-07'] }))).toBe('taken');
    expect(whyNotBookable('2026-12-07', rules({ taken: new Set(['2026-12-07']) }))).toBe('taken');
    expect(whyNotBookable('2026-12-09', rules({ blocked: ['2026-12-07'], taken: ['2026-12-07'] }))).toBeNull();
  });

  it('name the first rule broken, in the order of BOOKING_DATE_REFUSALS', () => {
    expect(BOOKING_DATE_REFUSALS).toEqual(['invalid', 'unavailable_weekday', 'too_soon', 'beyond_horizon', 'blocked', 'taken']);
    const everything = { blocked: ['2026-12-04', '2026-12-07'], taken: ['2026-12-04', '2026-12-07'] };
    expect(whyNotBookable('2026-12-08', rules(everything))).toBe('unavailable_weekday');
    expect(whyNotBookable('2026-12-04', rules(everything))).toBe('too_soon');
    expect(whyNotBookable('2026-12-07', rules(everything))).toBe('blocked');
  });

  it('refuse invalid rules: a bad clock, lead or horizon', () => {
    expect(() => whyNotBookable('2026-12-07', rules({ now: new Date('nope') }))).toThrow(RangeError);
    expect(() => whyNotBookable('2026-12-07', rules({ minLeadHours: -1 }))).toThrow(RangeError);
    expect(() => whyNotBookable('2026-12-07', rules({ minLeadHours: NaN }))).toThrow(RangeError);
    expect(() => whyNotBookable('2026-12-07', rules({ horizonDays: 1.5 }))).toThrow(RangeError);
    expect(() => whyNotBookable('2026-12-07', rules({ horizonDays: -1 }))).toThrow(RangeError);
    expect(() => whyNotBookable('2026-12-07', rules({ timeZone: 'Nowhere/Land' }))).toThrow(RangeError);
  });
});

describe('bookableDates', () => {
  it('lists exactly the dates whyNotBookable accepts, across leap years and centuries (the loop counts days, not Dates)', () => {
    for (const [now, horizonDays] of [
      [Date.UTC(2026, 10, 24, 15), 4000],
      [Date.UTC(2099, 1, 20, 12), 800],
    ] as const) {
      const rules = { now, horizonDays, availableDays: ['lunes', 'miercoles', 'sabado'] as Day[], blocked: [], taken: [] };
      const expected: string[] = [];
      for (let offset = 0, date = todayIn(now); offset <= horizonDays; offset += 1, date = addDays(date, 1)) {
        if (whyNotBookable(date, rules) === null) expected.push(date);
      }
      expect(bookableDates(rules)).toEqual(expected);
    }
  });

  it('lists the working days from tomorrow’s lead to the horizon, in order', () => {
    const dates = bookableDates(rules());
    expect(dates.slice(0, 4)).toEqual(['2026-12-07', '2026-12-09', '2026-12-11', '2026-12-14']);
    expect(dates.at(-1)).toBe('2027-02-01');
    expect(dates.every((date) => ['lunes', 'miercoles', 'viernes'].includes(weekdayOf(date) ?? ''))).toBe(true);
    expect(dates).toEqual([...dates].sort());
    expect(dates).toHaveLength(25); // 8 weeks of three days, and Monday 1 Feb
  });

  it('lists every working day of the horizon when all are offered (Sundays never)', () => {
    const dates = bookableDates(rules({ availableDays: everyDay }));
    expect(dates[0]).toBe('2026-12-07'); // Saturday begins 12 h from Friday noon; Sunday is never offered
    expect(dates.at(-1)).toBe('2027-02-02');
    expect(dates.some((date) => weekdayOf(date) === null)).toBe(false);
    expect(dates).toHaveLength(50); // 8 weeks of six days, then Monday and Tuesday
    const thursdayNoon = at('2026-12-03T15:00:00Z'); // Saturday begins 36 h later
    expect(bookableDates(rules({ availableDays: everyDay, now: thursdayNoon }))[0]).toBe('2026-12-05');
  });

  it('leaves out blocked and taken dates', () => {
    const dates = bookableDates(rules({ blocked: ['2026-12-09'], taken: new Set(['2026-12-11']) }));
    expect(dates.slice(0, 3)).toEqual(['2026-12-07', '2026-12-14', '2026-12-16']);
  });

  it('keeps to [from, to]', () => {
    expect(bookableDates(rules({ from: '2026-12-09', to: '2026-12-16' }))).toEqual([
      '2026-12-09',
      '2026-12-11',
      '2026-12-14',
      '2026-12-16',
    ]);
    expect(bookableDates(rules({ from: '2026-12-10', to: '2026-12-10' }))).toEqual([]);
    expect(bookableDates(rules({ from: '2026-12-16', to: '2026-12-09' }))).toEqual([]);
  });

  it('clips [from, to] to today … the horizon', () => {
    expect(bookableDates(rules({ from: '2026-01-01', to: '2026-12-09' }))).toEqual(['2026-12-07', '2026-12-09']);
    expect(bookableDates(rules({ from: '2027-01-29', to: '2030-01-01' }))).toEqual(['2027-01-29', '2027-02-01']);
    expect(bookableDates(rules({ from: '2027-03-01' }))).toEqual([]);
    expect(bookableDates(rules({ to: '2026-11-01' }))).toEqual([]);
  });

  it('refuses an invalid from or to', () => {
    expect(() => bookableDates(rules({ from: '2026-02-30' }))).toThrow(RangeError);
    expect(() => bookableDates(rules({ to: '2026-2-3' }))).toThrow(RangeError);
  });

  it('agrees with isBookable on every date it considers', () => {
    const config = rules({ availableDays: ['martes', 'sabado'], blocked: ['2026-12-12'], taken: ['2026-12-15'] });
    const listed = new Set(bookableDates(config));
    for (let date = '2026-11-30'; date <= '2027-02-10'; date = addDays(date, 1)) {
      expect(listed.has(date)).toBe(isBookable(date, config));
    }
  });
});

describe('nextBookableDateOf', () => {
  it('maps the spec’s weekday name to its next bookable date', () => {
    expect(nextBookableDateOf('lunes', rules())).toBe('2026-12-07');
    expect(nextBookableDateOf('miercoles', rules())).toBe('2026-12-09');
    expect(nextBookableDateOf('viernes', rules())).toBe('2026-12-11'); // today is Friday: too soon
  });

  it('skips a date that is too soon, blocked or taken', () => {
    const sundayNoon = at('2026-12-06T15:00:00Z'); // Monday begins in 12 h
    expect(nextBookableDateOf('lunes', rules({ now: sundayNoon }))).toBe('2026-12-14');
    expect(nextBookableDateOf('lunes', rules({ blocked: ['2026-12-07'] }))).toBe('2026-12-14');
    expect(nextBookableDateOf('lunes', rules({ taken: ['2026-12-07', '2026-12-14'] }))).toBe('2026-12-21');
  });

  it('is null for a weekday the professional does not offer, or none left before the horizon', () => {
    expect(nextBookableDateOf('martes', rules())).toBeNull();
    expect(nextBookableDateOf('lunes', rules({ horizonDays: 2 }))).toBeNull();
    expect(nextBookableDateOf('lunes', rules({ horizonDays: 3 }))).toBe('2026-12-07');
    expect(nextBookableDateOf('domingo' as Day, rules({ availableDays: everyDay }))).toBeNull();
  });
});

describe('BOOKING_DATE_MESSAGES', () => {
  const context = { professional: 'Ana Pérez', date: '2026-12-07' };

  it('tell, in Spanish, the professional and the date label for each refusal', () => {
    expect(BOOKING_DATE_MESSAGES.taken(context)).toBe('Ana Pérez ya no tiene libre el lunes 7 dic');
    expect(BOOKING_DATE_MESSAGES.blocked(context)).toBe('Ana Pérez no está disponible el lunes 7 dic');
    expect(BOOKING_DATE_MESSAGES.unavailable_weekday({ ...context, date: '2026-12-06' })).toBe('Ana Pérez no trabaja el domingo 6 dic');
    expect(BOOKING_DATE_MESSAGES.too_soon(context)).toBe(
      'Ya no se puede reservar a Ana Pérez para el lunes 7 dic: las reservas se hacen con al menos 24 horas de anticipación',
    );
    expect(BOOKING_DATE_MESSAGES.beyond_horizon(context)).toBe(
      'Todavía no se puede reservar a Ana Pérez para el lunes 7 dic: las reservas se abren hasta 60 días antes',
    );
  });

  it('quote the configured lead and horizon', () => {
    expect(BOOKING_DATE_MESSAGES.too_soon({ ...context, minLeadHours: 48 })).toContain('al menos 48 horas');
    expect(BOOKING_DATE_MESSAGES.beyond_horizon({ ...context, horizonDays: 30 })).toContain('hasta 30 días antes');
  });

  it('quote an invalid date as it was sent', () => {
    expect(BOOKING_DATE_MESSAGES.invalid({ ...context, date: '2026-02-30' })).toBe(
      'La fecha «2026-02-30» no es válida para reservar a Ana Pérez',
    );
  });

  it('cover every refusal', () => {
    expect(Object.keys(BOOKING_DATE_MESSAGES).sort()).toEqual([...BOOKING_DATE_REFUSALS].sort());
  });
});
