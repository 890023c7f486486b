import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { SandboxRefundRefusal } from './sandbox-shapes';

/** Errors shaped like MercadoPago's, so the SDK reports them as it would the real ones. */
export const mpError = (status: number, message: string) => new HttpException({ message, error: message, status, cause: [] }, status);
export const mpBadRequest = (code: string, message: string) =>
  new HttpException({ message, error: 'bad_request', status: 400, cause: [{ code, description: message, data: null }] }, 400);

/** MercadoPago's answers to a refund it will not make. */
export const REFUND_REFUSALS: Record<SandboxRefundRefusal, () => HttpException> = {
  not_found: () => mpError(404, 'Payment not found'),
  not_refundable: () => mpBadRequest('payment_not_refundable', 'The payment is not approved or was already refunded in full'),
  invalid_amount: () => mpBadRequest('invalid_refund_amount', 'amount must be a positive amount with at most two decimals'),
  amount_exceeded: () => mpBadRequest('amount_exceeded', 'The refund amount exceeds the amount available to refund'),
};

/** The sandbox answers its refusals exactly as MercadoPago does (the SDK parses them), not in the API's own shape. */
@Catch(HttpException)
export class MercadoPagoErrorFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<FastifyReply>().code(exception.getStatus()).type('application/json').send(exception.getResponse());
  }
}
