import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { PersonContact, UserType } from '@oficios/domain';
import { preparedQuery } from '../../database/prepared-query';
import { User } from './entities/user.entity';

/** How other modules see a person: name, contact and picture (never how it signs in). */
export interface PersonCard extends PersonContact {
  id: number;
  type: UserType;
}

/** Account reads and writes (`users`). */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { id } });
  }

  /** Whether the account's e-mail is verified (false for an unknown id); prepared, every checkout asks. */
  async emailVerified(manager: EntityManager, id: number): Promise<boolean> {
    const rows = await preparedQuery<{ verified: boolean }>(
      manager,
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [id],
    );
    return rows[0]?.verified ?? false;
  }

  /** The address's street and locality (prepared: every cart answer asks). */
  async addressOf(
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ address: string; localityId: string | null } | null> {
    const rows = await preparedQuery<{ address: string; localityId: string | null }>(
      manager,
      'SELECT address, locality_id AS "localityId" FROM users WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  /** The account locked for the rest of the transaction. */
  lock(manager: EntityManager, id: number): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findByEmail(email: string, withPassword = false): Promise<User | null> {
    const query = this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.email = :email', { email: email.trim().toLowerCase() });
    if (withPassword) query.addSelect('u.passwordHash');
    return query.getOne();
  }

  /** The account with its password hash, to check a current password against. */
  findWithPassword(id: number): Promise<User | null> {
    return this.dataSource.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
  }

  findByAuthId(authId: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where: { authId } });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A new account, not saved yet. */
  create(fields: Partial<User>): User {
    return this.dataSource.getRepository(User).create(fields);
  }

  save(user: User, manager: EntityManager = this.dataSource.manager): Promise<User> {
    return manager.getRepository(User).save(user);
  }

  /** A new password; `emailVerified` when it was set through a link mailed to the account's address. */
  async setPassword(
    userId: number,
    passwordHash: string,
    options: { emailVerified: boolean },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE users SET password_hash = $2, updated_at = now(),
         email_verified_at = CASE WHEN $3 THEN COALESCE(email_verified_at, now()) ELSE email_verified_at END
       WHERE id = $1`,
      [userId, passwordHash, options.emailVerified],
    );
  }

  listClients(): Promise<User[]> {
    return this.dataSource.getRepository(User).find({ where: { type: 'cliente' }, order: { id: 'ASC' } });
  }

  /** Name, contact and picture of each person (unknown ids are left out). */
  cardsOf(ids: number[]): Promise<PersonCard[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, type, first_name AS "firstName", last_name AS "lastName", email, phone_number AS "phoneNumber", address,
              profile_img AS "profileImg"
       FROM users WHERE id = ANY($1::int[])`,
      [ids],
    );
  }

  /** Accounts per type (every type present, 0 when none). */
  async countByType(): Promise<Record<UserType, number>> {
    const rows: { type: UserType; count: number }[] = await this.dataSource.query(
      'SELECT type, count(*)::int AS count FROM users GROUP BY type',
    );
    const counts: Record<UserType, number> = { cliente: 0, profesional: 0, administrador: 0 };
    for (const row of rows) counts[row.type] = row.count;
    return counts;
  }

  /** Which of these uploaded file names a profile picture points to (`…/uploads/<name>`, relative or absolute). */
  async referencedUploads(names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT DISTINCT substring(profile_img from '/uploads/([^/?#]+)$') AS name FROM users
       WHERE profile_img LIKE '%/uploads/%' AND substring(profile_img from '/uploads/([^/?#]+)$') = ANY($1::text[])`,
      [names],
    );
    return new Set(rows.map((row) => row.name));
  }
}
