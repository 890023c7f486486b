import { createHmac } from 'node:crypto';

/**
 * The `x-signature` header exactly as MercadoPago builds it: `ts=<seconds>,v1=<hex HMAC-SHA256>`
 * over `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`. Only the sandbox signs; the API
 * verifies with the SDK's WebhookSignatureValidator.
 */
export function mercadoPagoSignature(secret: string, dataId: string, requestId: string, tsSeconds: number): string {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${tsSeconds};`;
  return `ts=${tsSeconds},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}
