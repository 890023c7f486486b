import { Body, Controller, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Access, CurrentUser, SkipXsrf, type SessionUserClaims } from '../../common/auth/access.decorator';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Controller('api/mercado')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post()
  @Access('cliente')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        orderId: { type: 'number' },
        clientId: { type: 'number' },
        items: { type: 'array', description: 'ignored: the server prices the order itself' },
      },
    },
  })
  @ApiOkResponse({ description: '`{url}`: the payment link' })
  request(@CurrentUser() actor: SessionUserClaims, @Body() body: { orderId?: unknown; clientId?: unknown } | undefined) {
    return this.payments.requestPayment(actor, body);
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
    return this.payments.acceptNotification({
      signature,
      requestId,
      dataId: query['data.id'] ?? body?.data?.id,
      type: query.type ?? query.topic ?? body?.type,
    });
  }
}
