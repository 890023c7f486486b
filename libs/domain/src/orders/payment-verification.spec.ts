import { paymentMismatches, unappliedPaymentReason, type ExpectedPayment, type ReceivedPayment } from './payment-verification';

const expected: ExpectedPayment = { orderId: 42, orderAmountCents: 1500050, currency: 'ARS', fromOwnLink: true };
const paid = (changes: Partial<ReceivedPayment> = {}): ReceivedPayment => ({
  status: 'approved',
  amountCents: 1500050,
  currency: 'ARS',
  ...changes,
});

describe('payment verification', () => {
  it('accepts a payment of our link for the order, in its currency, for at least its amount', () => {
    expect(paymentMismatches(paid(), expected)).toEqual([]);
    expect(paymentMismatches(paid({ amountCents: 1500100 }), expected)).toEqual([]);
    expect(paymentMismatches(paid({ status: 'rejected' }), expected)).toEqual([]);
  });

  it('compares cents: one cent short is short, and says so in pesos', () => {
    expect(paymentMismatches(paid({ amountCents: 1500049 }), expected)).toEqual(['Monto 15000.49 menor que el de la orden (15000.50)']);
    expect(paymentMismatches(paid({ amountCents: 30 }), { ...expected, orderAmountCents: 30 })).toEqual([]);
  });

  it('refuses another currency, whatever the amount', () => {
    expect(paymentMismatches(paid({ currency: 'USD', amountCents: 100_000_000 }), expected)).toEqual(['Moneda USD en vez de ARS']);
    expect(paymentMismatches(paid({ currency: '' }), expected)).toEqual(['Moneda desconocida en vez de ARS']);
  });

  it('refuses a payment that did not come from a link we created for the order', () => {
    expect(paymentMismatches(paid(), { ...expected, fromOwnLink: false })).toEqual([
      'El pago no viene de un link de pago creado para la orden 42',
    ]);
  });
});

describe('unappliedPaymentReason', () => {
  it('tells the client why the money could not pay the order, by how it ended', () => {
    expect(unappliedPaymentReason('procesando', null)).toBe('ya estaba pagada');
    expect(unappliedPaymentReason('completa', null)).toBe('ya estaba pagada');
    expect(unappliedPaymentReason('cancelada', 'payment-expired')).toBe('venció el plazo para pagarla');
    expect(unappliedPaymentReason('cancelada', 'client-cancelled')).toBe('la cancelaste');
    expect(unappliedPaymentReason('cancelada', 'cart-changed')).toBe('la reemplazaste por una compra nueva al cambiar tu carrito');
    expect(unappliedPaymentReason('cancelada', 'admin')).toBe('la canceló un administrador');
    expect(unappliedPaymentReason('cancelada', null)).toBe('estaba cancelada');
  });
});
