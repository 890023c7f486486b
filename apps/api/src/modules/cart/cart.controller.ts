import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { IdPipe } from '../../common/id.pipe';
import { CartService } from './cart.service';

@ApiTags('cart')
@Access('cliente')
@Controller('api/cart')
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Get()
  mine(@CurrentUser() actor: SessionUserClaims) {
    return this.cart.mine(actor);
  }

  @Post()
  @ApiBody({
    schema: {
      type: 'object',
      properties: { clientId: { type: 'number' }, professionalId: { type: 'number' }, days: { type: 'array', items: { type: 'string' } } },
    },
  })
  @ApiConflictResponse({ description: 'professional already in the cart' })
  @ApiForbiddenResponse({ description: 'clientId is not the signed-in client' })
  add(@CurrentUser() actor: SessionUserClaims, @Body() body: { clientId?: unknown; professionalId?: unknown; days?: unknown } | undefined) {
    return this.cart.addDetail(actor, body);
  }

  @Patch(':id')
  @ApiBody({ schema: { type: 'object', properties: { type: { enum: ['add', 'remove'] }, day: { type: 'string' } } } })
  @ApiConflictResponse({ description: 'day already chosen' })
  changeDay(
    @CurrentUser() actor: SessionUserClaims,
    @Param('id', new IdPipe()) id: number,
    @Body() body: { type?: unknown; day?: unknown } | undefined,
  ) {
    return this.cart.changeDay(actor, id, body);
  }

  @Post('merge')
  @HttpCode(200)
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        lines: {
          type: 'array',
          items: { type: 'object', properties: { professionalId: { type: 'number' }, days: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
  })
  @ApiOkResponse({ description: 'the whole cart after the merge, and the days and professionals left out (`dropped`)' })
  merge(@CurrentUser() actor: SessionUserClaims, @Body() body: { lines?: unknown } | undefined) {
    return this.cart.merge(actor, body);
  }

  @Delete()
  @HttpCode(200)
  clear(@CurrentUser() actor: SessionUserClaims) {
    return this.cart.clear(actor);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the whole cart after the removal' })
  remove(@CurrentUser() actor: SessionUserClaims, @Param('id', new IdPipe()) id: number) {
    return this.cart.removeDetail(actor, id);
  }
}
