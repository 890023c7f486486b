import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';
import { mercadoPagoSignature } from './webhook-signature';

describe('the sandbox signs notifications as MercadoPago does', () => {
  const now = Math.floor(Date.now() / 1000);

  it('passes the official SDK validator', () => {
    const xSignature = mercadoPagoSignature('s3cret', '123456', 'req-1', now);
    expect(() =>
      WebhookSignatureValidator.validate({ xSignature, xRequestId: 'req-1', dataId: '123456', secret: 's3cret', toleranceSeconds: 300 }),
    ).not.toThrow();
  });

  it('fails it with another secret, another payment id or an old timestamp', () => {
    const check =
      (xSignature: string, dataId = '123456') =>
      () =>
        WebhookSignatureValidator.validate({ xSignature, xRequestId: 'req-1', dataId, secret: 's3cret', toleranceSeconds: 300 });
    expect(check(mercadoPagoSignature('other', '123456', 'req-1', now))).toThrow(InvalidWebhookSignatureError);
    expect(check(mercadoPagoSignature('s3cret', '123456', 'req-1', now), '654321')).toThrow(InvalidWebhookSignatureError);
    expect(check(mercadoPagoSignature('s3cret', '123456', 'req-1', now - 3600))).toThrow(InvalidWebhookSignatureError);
  });
});
