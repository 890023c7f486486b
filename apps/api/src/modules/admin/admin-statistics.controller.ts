import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SiteStatistics } from '@oficios/domain';
import { Access } from '../../common/auth/access.decorator';
import { ProfessionalsService } from '../catalog';
import { AccountsService } from '../identity';

@ApiTags('admin')
@Access('administrador')
@Controller('api/admin')
export class AdminStatisticsController {
  constructor(
    private readonly professionals: ProfessionalsService,
    private readonly accounts: AccountsService,
  ) {}

  /** "Datos de la Pagina": the site's counts, each from the module that owns it. */
  @Get('statistics')
  async statistics(): Promise<SiteStatistics> {
    const [catalog, accounts] = await Promise.all([this.professionals.statistics(), this.accounts.countByType()]);
    return {
      professionals: catalog.professionals,
      professions: catalog.professions,
      clients: accounts.cliente,
      byProfession: catalog.byProfession,
    };
  }
}
