import { paymentMismatches, toCents, type ExpectedPayment, type ReceivedPayment } from './payment-verification';

const expected: ExpectedPayment = { orderId: 42, orderAmount: 15000.5, currency: 'ARS', fromOwnLink: true };
const paid = (changes: Partial<ReceivedPayment> = {}): ReceivedPayment => ({
  status: 'approved',
  amount: 15000.5,
  currency: 'ARS',
  ...changes,
});

describe('payment verification', () => {
  it('accepts a payment of our link for the order, in its currency, for at least its amount', () => {
    expect(paymentMismatches(paid(), expected)).toEqual([]);
    expect(paymentMismatches(paid({ amount: 15001 }), expected)).toEqual([]);
    expect(paymentMismatches(paid({ status: 'rejected' }), expected)).toEqual([]);
  });

  it('compares exact cents: one cent short is short, float noise is not', () => {
    expect(paymentMismatches(paid({ amount: 15000.49 }), expected)).toEqual(['Monto 15000.49 menor que el de la orden (15000.50)']);
    expect(paymentMismatches(paid({ amount: 0.1 + 0.2 }), { ...expected, orderAmount: 0.3 })).toEqual([]);
    expect(toCents(19.99)).toBe(1999);
  });

  it('refuses another currency, whatever the amount', () => {
    expect(paymentMismatches(paid({ currency: 'USD', amount: 1_000_000 }), expected)).toEqual(['Moneda USD en vez de ARS']);
    expect(paymentMismatches(paid({ currency: '' }), expected)).toEqual(['Moneda desconocida en vez de ARS']);
  });

  it('refuses a payment that did not come from a link we created for the order', () => {
    expect(paymentMismatches(paid(), { ...expected, fromOwnLink: false })).toEqual([
      'El pago no viene de un link de pago creado para la orden 42',
    ]);
  });
});
