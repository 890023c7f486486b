import { QueryFailedError } from 'typeorm';
import { holdRefusalOf } from './calendar.repository';

const failed = (driverError: object) =>
  new QueryFailedError('INSERT INTO booking_holds ...', [], Object.assign(new Error('x'), driverError));

describe('holdRefusalOf', () => {
  it('reads the refusal calendar_refuse_hold raised', () => {
    const error = failed({ code: 'OFH01', detail: '{"state" : "blocked", "professionalId" : 7, "date" : "2026-12-07"}' });
    expect(holdRefusalOf(error)).toEqual({ state: 'blocked', professionalId: 7, date: '2026-12-07' });
  });

  it('reads the key of the live holds index from its detail, in any language of the server', () => {
    for (const detail of [
      'Key (professional_id, date)=(7, 2026-12-07) already exists.',
      'Ya existe la llave (professional_id, date)=(7, 2026-12-07).',
    ])
      expect(holdRefusalOf(failed({ code: '23505', constraint: 'booking_holds_live_key', detail }))).toEqual({
        state: 'taken',
        professionalId: 7,
        date: '2026-12-07',
      });
    expect(holdRefusalOf(failed({ code: '23505', constraint: 'booking_holds_live_key' }))).toEqual({ state: 'taken' });
  });

  it('is null for any other error', () => {
    expect(
      holdRefusalOf(failed({ code: '23505', constraint: 'orders_open_cart_key', detail: 'Key (cart_id)=(1) already exists.' })),
    ).toBeNull();
    expect(holdRefusalOf(failed({ code: '25P02' }))).toBeNull();
    expect(holdRefusalOf(new Error('otro'))).toBeNull();
  });
});
