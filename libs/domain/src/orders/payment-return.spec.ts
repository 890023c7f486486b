import { historyLineLabel, paymentReturnState } from './payment-return';

describe('paymentReturnState', () => {
  it('a paid order reads approved, whatever the latest payment says', () => {
    expect(paymentReturnState('procesando', 'rejected')).toBe('approved');
    expect(paymentReturnState('completa', null)).toBe('approved');
  });
  it('an order still waiting shows its payment, or none', () => {
    expect(paymentReturnState('creada', 'pending')).toBe('pending');
    expect(paymentReturnState('creada', null)).toBe('none');
    expect(paymentReturnState('cancelada', 'rejected')).toBe('rejected');
  });
  it('an approved payment that did not pay its order is never shown as approved', () => {
    expect(paymentReturnState('creada', 'approved')).toBe('pending');
    expect(paymentReturnState('cancelada', 'approved')).toBe('returned');
  });
});

describe('historyLineLabel', () => {
  it('says an order replaced by another one was replaced', () => {
    expect(historyLineLabel('cancelled_by_client', 'cart-changed')).toBe('reemplazada por otra orden');
  });
  it('keeps the booking status otherwise', () => {
    expect(historyLineLabel('cancelled_by_client', 'client-cancelled')).toBe('cancelada por el cliente');
    expect(historyLineLabel('awaiting_payment', null)).toBe('esperando el pago');
    expect(historyLineLabel('expired', 'cart-changed')).toBe('vencida');
  });
});
