import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ORDER_STATUSES } from '@oficios/domain';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { IdPipe } from '../../common/id.pipe';
import { CheckoutService } from './checkout.service';
import { OrdersService, type OrdersQuery } from './orders.service';

@ApiTags('orders')
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly checkouts: CheckoutService,
  ) {}

  @Post()
  @Access('cliente')
  @ApiBody({ schema: { type: 'object', properties: { cartId: { type: 'number' } } } })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'the same key and body answer the stored order again (24 h)' })
  @ApiForbiddenResponse({ description: 'the cart is not the signed-in client’s' })
  @ApiUnprocessableEntityResponse({ description: 'the Idempotency-Key was used with another body' })
  create(
    @CurrentUser() actor: SessionUserClaims,
    @Body() body: { cartId?: unknown } | undefined,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ) {
    return this.checkouts.checkout(actor, body, idempotencyKey);
  }

  @Delete(':id')
  @Access('cliente')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'the order is already paid' })
  cancel(@CurrentUser() actor: SessionUserClaims, @Param('id', new IdPipe()) id: number) {
    return this.orders.cancelByClient(actor, id);
  }

  @Get()
  @Access('cliente', 'administrador')
  @ApiQuery({ name: 'status', required: false, enum: ['Todas', ...ORDER_STATUSES] })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  list(@CurrentUser() actor: SessionUserClaims, @Query() query: OrdersQuery) {
    return this.orders.list(actor, query);
  }

  @Get('professional/:id')
  @Access('profesional', 'administrador')
  forProfessional(@CurrentUser() actor: SessionUserClaims, @Param('id', new IdPipe()) id: number) {
    return this.orders.listForProfessional(actor, id);
  }

  @Patch(':id')
  @Access('administrador')
  @ApiBody({ schema: { type: 'object', properties: { status: { enum: [...ORDER_STATUSES] } } } })
  changeStatus(
    @CurrentUser() actor: SessionUserClaims,
    @Param('id', new IdPipe()) id: number,
    @Body() body: { status?: unknown } | undefined,
  ) {
    return this.orders.changeStatus(actor, id, body);
  }
}
