import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A photo of a job request: the client uploads it while writing the request on a cart line, and the booking made from
 * that line keeps its id. Files of the private images folder, never public. `client_id`'s key lives in the migrations.
 */
@Entity('job_request_images')
export class JobRequestImage {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'job_request_images_pkey' })
  id: number;

  @Index('job_request_images_client_idx')
  @Column({ type: 'integer' })
  clientId: number;

  @Column({ type: 'varchar', length: 100 })
  file: string;

  @Column({ type: 'varchar', length: 100 })
  thumbFile: string;

  @Column({ type: 'varchar', length: 40 })
  mime: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
