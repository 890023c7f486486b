import { Body, Controller, Headers, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiHeader,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Access, CurrentUser, SkipXsrf, type SessionUserClaims } from '../../common/auth/access.decorator';
import type { PaymentReturn } from '@oficios/domain';
import { PaymentRequestDto, PaymentReturnDto } from './dto/payments.dto';
import { PaymentLinksService } from './payment-links.service';
import { PaymentNotificationsService } from './payment-notifications.service';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller('api/mercado')
export class PaymentsController {
  constructor(
    private readonly links: PaymentLinksService,
    private readonly notifications: PaymentNotificationsService,
    private readonly payments: PaymentsService,
  ) {}

  @Post()
  @Access('cliente')
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'the same key and body answer the stored link again (24 h)' })
  @ApiOkResponse({ description: '`{url}`: the payment link' })
  @ApiConflictResponse({ description: 'the order no longer waits for a payment, or already has an approved one' })
  @ApiUnprocessableEntityResponse({ description: 'the Idempotency-Key was used with another body' })
  request(
    @CurrentUser() actor: SessionUserClaims,
    @Body() body: PaymentRequestDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ) {
    return this.links.requestPayment(actor, body, idempotencyKey);
  }

  /**
   * Back from MercadoPago: the page posts its URL's `payment_id` and order (`orden`, `external_reference`), and the
   * payment is read from the provider and applied now (the notification may come late, or never). Answers the order's
   * status and its payment's state, as the server knows them.
   */
  @Post('return')
  @Access('cliente')
  @HttpCode(200)
  @ApiOkResponse({
    description:
      '`{orderId, status, payment}`: the order, after applying its payment, and that payment (approved, pending, rejected, returned, none)',
  })
  @ApiConflictResponse({ description: 'the payment is of another order than the back URL names (payment_mismatch)' })
  applyReturn(@CurrentUser() actor: SessionUserClaims, @Body() body: PaymentReturnDto) {
    return this.payments.applyReturnedPayment(actor, body as unknown as PaymentReturn);
  }

  /** MercadoPago's (or the sandbox's) notification_url. */
  @Post('webhook')
  @Access('public')
  @SkipXsrf()
  @HttpCode(200)
  @ApiUnauthorizedResponse({ description: 'x-signature missing, forged or stale' })
  notify(
    @Headers('x-signature') signature: string | undefined,
    @Headers('x-request-id') requestId: string | undefined,
    @Query() query: Record<string, unknown>,
    @Body() body: { type?: unknown; data?: { id?: unknown } } | undefined,
  ) {
    return this.notifications.acceptNotification({
      signature,
      requestId,
      dataId: query['data.id'] ?? body?.data?.id,
      type: query.type ?? query.topic ?? body?.type,
    });
  }
}
