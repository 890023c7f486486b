import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Cart } from '../cart/entities/cart.entity';
import { User } from './entities/user.entity';

const PROFESSIONAL_SUMMARY = `json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'profileImg', p.profile_img)`;

const ORDER_LINE_COLUMNS = `
  od.id, od.order_id AS "orderId", od.professional_id AS "professionalId", od.days,
  od.reservation_amount::float8 AS "reservationAmount", od.created_at AS "createdAt", o.status,
  (SELECT json_build_object('id', r.id, 'rating', r.rating, 'comment', r.comment) FROM reviews r WHERE r.order_detail_id = od.id) AS review`;

/** Account reads and writes for identity and profiles. */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findById(id: number): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where: { id }, relations: { professions: true } });
  }

  findByEmail(email: string, withPassword = false): Promise<User | null> {
    const query = this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.professions', 'p')
      .where('u.email = :email', { email: email.trim().toLowerCase() });
    if (withPassword) query.addSelect('u.passwordHash');
    return query.getOne();
  }

  /** The account with its password hash, to check a current password against. */
  findWithPassword(id: number): Promise<User | null> {
    return this.dataSource.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
  }

  findByAuthId(authId: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where: { authId }, relations: { professions: true } });
  }

  async cartIdOf(clientId: number): Promise<number | null> {
    const cart = await this.dataSource.getRepository(Cart).findOne({ where: { clientId } });
    return cart?.id ?? null;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
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

  /** A client's booked professionals, newest first. */
  shoppingHistory(clientId: number): Promise<unknown[]> {
    return this.dataSource.query(
      `SELECT ${ORDER_LINE_COLUMNS},
              ${PROFESSIONAL_SUMMARY} AS professional
       FROM order_details od JOIN orders o ON o.id = od.order_id JOIN users p ON p.id = od.professional_id
       WHERE od.client_id = $1 ORDER BY od.created_at DESC, od.id DESC`,
      [clientId],
    );
  }

  /** A client's orders, each with its details, newest first. */
  async ordersOf(clientId: number): Promise<unknown[]> {
    return this.dataSource.query(
      `SELECT o.id, o.amount::float8 AS amount, o.status, o.created_at AS "createdAt",
              COALESCE((SELECT json_agg(line ORDER BY line.id) FROM (
                 SELECT ${ORDER_LINE_COLUMNS},
                        ${PROFESSIONAL_SUMMARY} AS professional
                 FROM order_details od JOIN users p ON p.id = od.professional_id WHERE od.order_id = o.id) line), '[]'::json) AS "orderDetails"
       FROM orders o WHERE o.client_id = $1 ORDER BY o.created_at DESC, o.id DESC`,
      [clientId],
    );
  }

  /** A professional's jobs with the client's name and address, newest first. */
  jobsOf(professionalId: number): Promise<unknown[]> {
    return this.dataSource.query(
      `SELECT ${ORDER_LINE_COLUMNS},
              json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'address', c.address) AS client
       FROM order_details od JOIN orders o ON o.id = od.order_id JOIN users c ON c.id = od.client_id
       WHERE od.professional_id = $1 ORDER BY od.created_at DESC, od.id DESC`,
      [professionalId],
    );
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
