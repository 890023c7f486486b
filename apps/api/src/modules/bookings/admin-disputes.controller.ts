import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import type { DisputesQuery, ResolveDispute } from '@oficios/domain';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { DisputesService } from './disputes.service';
import { DisputesQueryDto, ResolveDisputeDto } from './dto/bookings.dto';

/** The administrators' disputes: read both sides, resolve with no refund, a partial or a full one. */
@ApiTags('admin')
@Controller('api/admin/disputes')
export class AdminDisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Get()
  @Access('administrador')
  list(@Query() query: DisputesQueryDto) {
    return this.disputes.list(query as DisputesQuery);
  }

  @Post(':id/resolve')
  @Access('administrador')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'the dispute was already resolved' })
  resolve(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Body() body: ResolveDisputeDto) {
    return this.disputes.resolveDispute(actor, id, body as unknown as ResolveDispute);
  }
}
