import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { JobRequestChange } from '@oficios/domain';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { CartService } from './cart.service';
import { AddToCartDto, CartMergeDto, ChangeCartDayDto, JobRequestDto } from './dto/cart.dto';

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
  @ApiConflictResponse({ description: 'professional already in the cart' })
  @ApiForbiddenResponse({ description: 'clientId is not the signed-in client' })
  add(@CurrentUser() actor: SessionUserClaims, @Body() body: AddToCartDto) {
    return this.cart.addDetail(actor, body);
  }

  @Patch(':id')
  @ApiConflictResponse({ description: 'day already chosen' })
  changeDay(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Body() body: ChangeCartDayDto) {
    return this.cart.changeDay(actor, id, body);
  }

  @Put(':id/job-request')
  @ApiOkResponse({ description: 'the line with its job request, and the whole cart' })
  setJobRequest(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Body() body: JobRequestDto) {
    return this.cart.setJobRequest(actor, id, body as JobRequestChange);
  }

  @Post('merge')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the whole cart after the merge, and the days and professionals left out (`dropped`)' })
  merge(@CurrentUser() actor: SessionUserClaims, @Body() body: CartMergeDto) {
    return this.cart.merge(actor, body.lines);
  }

  @Delete()
  @HttpCode(200)
  clear(@CurrentUser() actor: SessionUserClaims) {
    return this.cart.clear(actor);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the whole cart after the removal' })
  remove(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number) {
    return this.cart.removeDetail(actor, id);
  }
}
