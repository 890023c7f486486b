import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('professions')
@Index('professions_name_lower_key', { synchronize: false }) // unique lower(name), see migration
export class Profession {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  name: string;
}
