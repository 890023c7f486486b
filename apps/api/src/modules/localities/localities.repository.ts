import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Locality } from '@oficios/domain';
import { DataSource } from 'typeorm';

/** The localities table, read whole: it changes only with the migrations. */
@Injectable()
export class LocalitiesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findAll(): Promise<Locality[]> {
    return this.dataSource.query(`SELECT id, name, department, province, lat, lon FROM localities ORDER BY id`);
  }
}
