/**
 * Every date and time a person reads (screens, mails, the payment sandbox) is written here, in Spanish (es-AR) and
 * in the marketplace's time zone, so no screen shows "Tue Dec 01 2026" or a date of the browser's zone.
 * A booked date's own label ("lunes 7 dic") is `dateLabel`, beside the booking rules.
 */
import { BOOKING_DEFAULTS, todayIn } from '../bookings/booking-dates';

const WEEKDAY_SHORT = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'] as const;
const MONTH_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const;

const toMs = (at: Date | string | number): number => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));

/**
 * Spec: an order's date is "the first 15 characters of the created date". Kept 15 characters, in Spanish:
 * "mar 01 dic 2026" (weekday, day, month, year), the date in the marketplace's zone.
 */
export function orderDateLabel(createdAt: Date | string | number, timeZone: string = BOOKING_DEFAULTS.timeZone): string {
  const iso = todayIn(toMs(createdAt), timeZone);
  const [year, month, day] = iso.split('-');
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return `${WEEKDAY_SHORT[weekday]} ${day} ${MONTH_SHORT[Number(month) - 1]} ${year}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = new Intl.DateTimeFormat('es-AR', { timeZone, hourCycle: 'h23', ...options })));
  return format;
}

/** An instant as a date and time: "22/11/26 14:05" (notifications, deadlines, messages of other days). */
export function dateTimeLabel(at: Date | string | number, timeZone: string = BOOKING_DEFAULTS.timeZone): string {
  const format = cached(dateTimeFormats, timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return format.format(toMs(at)).replace(',', '');
}

/** An instant's time of day: "14:05". */
export function timeLabel(at: Date | string | number, timeZone: string = BOOKING_DEFAULTS.timeZone): string {
  return cached(timeFormats, timeZone, { hour: '2-digit', minute: '2-digit' }).format(toMs(at));
}
