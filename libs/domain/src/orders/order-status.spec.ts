import { clientMayCancel, isOrderStatus, statusAfterPayment, whyPaymentMovedNothing } from './order-status';

describe('order status rules', () => {
  it('recognises the four statuses only', () => {
    expect(['creada', 'procesando', 'cancelada', 'completa'].every(isOrderStatus)).toBe(true);
    expect(isOrderStatus('pagada')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });

  it('moves an unpaid order on approval or rejection and leaves every other order alone', () => {
    expect(statusAfterPayment('creada', 'approved')).toBe('procesando');
    expect(statusAfterPayment('creada', 'rejected')).toBe('cancelada');
    expect(statusAfterPayment('creada', 'pending')).toBeNull();
    expect(statusAfterPayment('procesando', 'approved')).toBeNull();
    expect(statusAfterPayment('cancelada', 'approved')).toBeNull();
    expect(statusAfterPayment('procesando', 'rejected')).toBeNull();
  });

  it('never brings a cancelled order back, and says why a payment moved nothing', () => {
    expect(statusAfterPayment('cancelada', 'approved')).toBeNull();
    expect(statusAfterPayment('cancelada', 'rejected')).toBeNull();
    for (const reason of ['payment-expired', 'client-cancelled', 'payment-rejected', 'admin', 'cart-changed'] as const)
      expect(whyPaymentMovedNothing('cancelada', 'rejected', reason)).toBe(`cancelada (${reason})`);
    expect(whyPaymentMovedNothing('cancelada', 'approved', 'client-cancelled')).toBe(
      'cancelada (client-cancelled); sus fechas ya se liberaron',
    );
    expect(whyPaymentMovedNothing('cancelada', 'approved', 'payment-expired')).toBe(
      'cancelada (payment-expired); sus fechas ya se liberaron',
    );
    expect(whyPaymentMovedNothing('cancelada', 'approved', 'admin')).toBe('cancelada (admin)');
    expect(whyPaymentMovedNothing('cancelada', 'approved', null)).toBe('cancelada (sin motivo)');
    expect(whyPaymentMovedNothing('creada', 'pending', null)).toBe('sin pagar');
    expect(whyPaymentMovedNothing('procesando', 'approved', null)).toBe('ya pagada');
  });

  it('lets a client cancel only an unpaid order', () => {
    expect(clientMayCancel('creada')).toBe(true);
    expect(clientMayCancel('procesando')).toBe(false);
    expect(clientMayCancel('completa')).toBe(false);
  });
});
