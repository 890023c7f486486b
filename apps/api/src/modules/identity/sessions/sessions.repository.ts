import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { USER_TYPES, type UserType } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { UserSession } from './entities/user-session.entity';
import { preparedQuery } from '../../../database/prepared-query';

/** Ended sessions are kept a day (what a support question about "why was I signed out" needs), then deleted. */
const KEEP_ENDED_SESSIONS = '1 day';

/** The signed-in browsers (`user_sessions`), and the account type each one acts as. */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(userId: number, expiresAt: Date, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const sessions = manager.getRepository(UserSession);
    return (await sessions.save(sessions.create({ userId, expiresAt }))).id;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.dataSource.query('UPDATE user_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  }

  /** Every live session of the user but `exceptSessionId`. */
  async revokeAll(userId: number, exceptSessionId: string | null, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `UPDATE user_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, exceptSessionId],
    );
  }

  /** The account type of a live session of the user, read from the account on every call (never trusted from a cookie). */
  async liveSessionType(sessionId: string, userId: number): Promise<UserType | null> {
    // Every signed-in request asks: a prepared statement.
    const rows = await preparedQuery<{ type: string }>(
      this.dataSource.manager,
      `SELECT u.type FROM user_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [sessionId, userId],
    );
    const type = rows[0]?.type;
    return type && (USER_TYPES as readonly string[]).includes(type) ? (type as UserType) : null;
  }

  /** Deletes the sessions that expired or were revoked more than a day ago; answers how many. */
  async pruneEnded(): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM user_sessions WHERE expires_at < now() - interval '${KEEP_ENDED_SESSIONS}' OR revoked_at < now() - interval '${KEEP_ENDED_SESSIONS}'`,
    )) as [unknown, number];
    return count;
  }
}
