import { systemLineOfMove, systemLineOfRefund } from './system-lines';

describe('system lines', () => {
  it('tells the contract moves in Spanish', () => {
    expect(systemLineOfMove('paid')).toBe('Reserva pagada');
    expect(systemLineOfMove('accepted')).toBe('El profesional aceptó la reserva');
    expect(systemLineOfMove('declined')).toBe('El profesional rechazó la reserva');
    expect(systemLineOfMove('client_cancelled')).toBe('Reserva cancelada');
    expect(systemLineOfMove('admin_cancelled')).toBe('Reserva cancelada');
  });

  it('leaves the refund move to the settlement, which has the amount', () => {
    expect(systemLineOfMove('refunded')).toBeNull();
    expect(systemLineOfMove('payment_window_passed')).toBeNull();
    expect(systemLineOfRefund(250000)).toBe('Reembolso de $ 2.500');
    expect(systemLineOfRefund(123450)).toBe('Reembolso de $ 1.234,50');
  });
});
