import type { SessionUser, UserType } from '@oficios/domain';
import type { HistoryLine, JobLine, MeAnswer } from '@oficios/domain';
import { bookingFields, weekdaysOf } from './booking-fixtures';

export function sessionUser(type: UserType, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 5,
    type,
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@oficios.test',
    phoneNumber: '11 5555 1234',
    address: 'Calle Falsa 123',
    profileImg: '/avatars/5.svg',
    google: false,
    ...overrides,
  };
}

/** What GET /home/user/me answers for a signed-in user of that type. */
export function session(type: UserType, user: Partial<SessionUser> = {}, profile: MeAnswer['profile'] = {}): MeAnswer {
  return { msg: `${type} logeado`, dataValues: sessionUser(type, user), cart: type === 'cliente' ? { id: 3 } : null, profile };
}

/** A booking of the client's history, on Monday 7 and Tuesday 8 December 2026 unless `overrides` gives its dates. */
export function historyBooking(id: number, overrides: Partial<HistoryLine> = {}): HistoryLine {
  const dates = overrides.dates ?? ['2026-12-07', '2026-12-08'];
  return {
    id,
    orderId: 40 + id,
    clientId: 3,
    professionalId: 7,
    professional: { id: 7, firstName: 'Lucía', lastName: 'Gómez', profileImg: null },
    days: weekdaysOf(dates),
    reservationAmount: 20000,
    createdAt: '2026-11-22T12:00:00.000Z',
    status: 'procesando',
    review: null,
    ...bookingFields({ dates }),
    ...overrides,
  };
}

/** A professional's job, on Monday 7 December 2026 unless `overrides` gives its dates. */
export function jobBooking(id: number, overrides: Partial<JobLine> = {}): JobLine {
  const dates = overrides.dates ?? ['2026-12-07'];
  return {
    id,
    orderId: 60 + id,
    clientId: 100 + id,
    professionalId: 7,
    days: weekdaysOf(dates),
    reservationAmount: 10000,
    createdAt: '2026-11-20T12:00:00.000Z',
    status: 'creada',
    client: { id: 100 + id, firstName: `Cliente${id}`, lastName: 'Pérez', address: `Calle ${id} 10` },
    review: null,
    ...bookingFields({ dates, lineStatus: 'awaiting_payment' }),
    ...overrides,
  };
}
