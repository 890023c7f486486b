import type { PersonContact } from '@oficios/domain';
import { BeforeInsert, BeforeUpdate, Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * The columns of a person's contact, the same wherever one is kept (identity's account, the catalogue's copy of a
 * professional), with its row's timestamps. The e-mail is stored lower-case. Indexes are each table's own.
 */
export abstract class PersonContactColumns implements PersonContact {
  @Column({ type: 'varchar', length: 80 })
  firstName: string;

  @Column({ type: 'varchar', length: 80 })
  lastName: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 40, default: '' })
  phoneNumber: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  address: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  profileImg: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @BeforeInsert()
  @BeforeUpdate()
  protected lowerCaseEmail(): void {
    if (this.email !== undefined) this.email = this.email.trim().toLowerCase();
  }
}
