import { createOrderSchema, declineBookingSchema, orderStatusChangeSchema, ordersQuerySchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Requests of the order routes: the shared schemas, validated by the global pipe and shown in /docs.
export class CreateOrderDto extends createZodDto(createOrderSchema) {}
export class OrderStatusChangeDto extends createZodDto(orderStatusChangeSchema) {}
export class OrdersQueryDto extends createZodDto(ordersQuerySchema) {}
export class DeclineBookingDto extends createZodDto(declineBookingSchema) {}
