import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiHeader, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { createOrderSchema, orderStatusChangeSchema, ordersQuerySchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { CheckoutService } from './checkout.service';
import { OrdersService } from './orders.service';

// Requests of the order routes: the shared schemas, validated by the global pipe and shown in /docs.
class CreateOrderDto extends createZodDto(createOrderSchema) {}
class OrderStatusChangeDto extends createZodDto(orderStatusChangeSchema) {}
class OrdersQueryDto extends createZodDto(ordersQuerySchema) {}

@ApiTags('orders')
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly checkouts: CheckoutService,
  ) {}

  @Post()
  @Access('cliente')
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'the same key and body answer the stored order again (24 h)' })
  @ApiForbiddenResponse({ description: 'the cart is not the signed-in client’s' })
  @ApiConflictResponse({
    description:
      'a date is taken (date_taken), or the client would hold too many dates unpaid: over CHECKOUT_MAX_HELD_DATES (held_dates_limit), ' +
      'or over CHECKOUT_UNVERIFIED_MAX_DATES in one checkout before verifying the e-mail (unverified_dates_limit)',
  })
  @ApiUnprocessableEntityResponse({ description: 'the Idempotency-Key was used with another body' })
  create(
    @CurrentUser() actor: SessionUserClaims,
    @Body() body: CreateOrderDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ) {
    return this.checkouts.checkout(actor, body, idempotencyKey);
  }

  @Delete(':id')
  @Access('cliente')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'the order is already paid' })
  cancel(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number) {
    return this.orders.cancelByClient(actor, id);
  }

  @Get()
  @Access('cliente', 'administrador')
  list(@CurrentUser() actor: SessionUserClaims, @Query() query: OrdersQueryDto) {
    return this.orders.list(actor, query);
  }

  @Get('professional/:id')
  @Access('profesional', 'administrador')
  forProfessional(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number) {
    return this.orders.listForProfessional(actor, id);
  }

  @Patch(':id')
  @Access('administrador')
  changeStatus(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Body() body: OrderStatusChangeDto) {
    return this.orders.changeStatus(actor, id, body.status);
  }
}
