import type { IsoDate } from '@oficios/domain';
import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { isoDateTransformer } from '../../../common/dates/iso-dates.transformer';

/** A date a professional took off (vacations): it vanishes from the availability (`professional_id`: the catalogue's). */
@Entity('blocked_dates')
export class BlockedDate {
  @PrimaryColumn({ type: 'integer' })
  professionalId: number;

  @PrimaryColumn({ type: 'date', transformer: isoDateTransformer })
  date: IsoDate;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
