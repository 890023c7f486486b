import { paymentRequestSchema, paymentReturnSchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

/** `POST /api/mercado` body: the shared schema, validated by the global pipe and shown in /docs. */
export class PaymentRequestDto extends createZodDto(paymentRequestSchema) {}

/** `POST /api/mercado/return` body: the payment MercadoPago named on the back URL. */
export class PaymentReturnDto extends createZodDto(paymentReturnSchema) {}
