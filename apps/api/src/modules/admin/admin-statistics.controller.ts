import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Access } from '../../common/auth/access.decorator';

export interface SiteStatistics {
  professionals: number;
  professions: number;
  clients: number;
  byProfession: { id: number; name: string; professionals: number }[];
}

@ApiTags('admin')
@Access('administrador')
@Controller('api/admin')
export class AdminStatisticsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** "Datos de la Pagina": the site's counts, computed in one SQL statement. */
  @Get('statistics')
  async statistics(): Promise<SiteStatistics> {
    const [row]: SiteStatistics[] = await this.dataSource.query(`
      SELECT (SELECT count(*) FROM users WHERE type = 'profesional')::int AS professionals,
             (SELECT count(*) FROM professions)::int AS professions,
             (SELECT count(*) FROM users WHERE type = 'cliente')::int AS clients,
             COALESCE((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'professionals', coalesce(c.n, 0)) ORDER BY p.id)
                       FROM professions p
                       LEFT JOIN (SELECT profession_id, count(*)::int AS n FROM professional_professions GROUP BY 1) c ON c.profession_id = p.id),
                      '[]'::json) AS "byProfession"`);
    return row;
  }
}
