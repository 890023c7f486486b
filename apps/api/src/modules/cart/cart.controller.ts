import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JobRequestChange } from '@oficios/domain';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { CartService } from './cart.service';
import { AddToCartDto, CartMergeDto, CartPlaceDto, ChangeCartDayDto, JobRequestDto } from './dto/cart.dto';

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
  @ApiConflictResponse({ description: "professional already in the cart, or outside_service_area: the cart's place is outside their area" })
  @ApiForbiddenResponse({ description: 'clientId is not the signed-in client' })
  add(@CurrentUser() actor: SessionUserClaims, @Body() body: AddToCartDto) {
    return this.cart.addDetail(actor, body);
  }

  @Put('place')
  @ApiOperation({ summary: "Where the cart's job is: a locality (INDEC id) and the street; until set, the client's address" })
  @ApiOkResponse({ description: "the whole cart with its place and each line's distance and reach" })
  @ApiBadRequestResponse({ description: 'unknown_locality, or a field missing' })
  @ApiConflictResponse({ description: 'outside_service_area: names every professional of the cart who does not work there' })
  setPlace(@CurrentUser() actor: SessionUserClaims, @Body() body: CartPlaceDto) {
    return this.cart.setPlace(actor, body);
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
