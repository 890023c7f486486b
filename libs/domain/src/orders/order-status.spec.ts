import { clientMayCancel, isOrderStatus, orderDateLabel, statusAfterPayment } from './order-status';

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

  it('revives an order cancelled by the clock, its client or a refused attempt when a payment is approved after all', () => {
    expect(statusAfterPayment('cancelada', 'approved', 'payment-expired')).toBe('procesando');
    expect(statusAfterPayment('cancelada', 'approved', 'client-cancelled')).toBe('procesando');
    expect(statusAfterPayment('cancelada', 'approved', 'payment-rejected')).toBe('procesando');
    expect(statusAfterPayment('cancelada', 'approved', 'admin')).toBeNull();
    expect(statusAfterPayment('cancelada', 'approved', 'cart-changed')).toBeNull();
    expect(statusAfterPayment('cancelada', 'approved')).toBeNull();
    expect(statusAfterPayment('cancelada', 'rejected', 'payment-expired')).toBeNull();
  });

  it('lets a client cancel only an unpaid order', () => {
    expect(clientMayCancel('creada')).toBe(true);
    expect(clientMayCancel('procesando')).toBe(false);
    expect(clientMayCancel('completa')).toBe(false);
  });

  it('labels the date with its first 15 characters', () => {
    expect(orderDateLabel(new Date(2026, 10, 22, 15, 30))).toBe('Sun Nov 22 2026');
  });
});
