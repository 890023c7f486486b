import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';

/** The links identity mails: where they are kept and how long they work. */
const LINKS = {
  'password-reset': { table: 'password_reset_tokens', hours: 1 },
  'email-verification': { table: 'email_verification_tokens', hours: 48 },
} as const;
export type LinkKind = keyof typeof LINKS;
export const linkHours = (kind: LinkKind): number => LINKS[kind].hours;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The rows UPDATE ... RETURNING answers (TypeORM's pg driver wraps them with the affected count). */
function returned<T>(result: unknown): T[] {
  const rows = result as unknown[];
  return (Array.isArray(rows[0]) ? rows[0] : rows) as T[];
}

/**
 * Single-use links mailed by jobs (password reset, e-mail verification): only a hash of each is stored, it
 * expires, and a newer link of the same kind replaces the older ones.
 */
@Injectable()
export class AccountLinksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The token to mail for one event's job, or null when that event's link was already used or replaced (nothing
   * left to send). A retried job issues the same row again with a new token: the mail that may have failed carried
   * the old one, so only one link per event ever works.
   */
  issue(kind: LinkKind, user: { id: number; email: string }, eventId: string): Promise<string | null> {
    const { table, hours } = LINKS[kind];
    const token = randomBytes(32).toString('base64url');
    return this.dataSource.transaction(async (manager) => {
      const [existing]: { id: number; used_at: Date | null }[] = await manager.query(
        `SELECT id, used_at FROM ${table} WHERE event_id = $1 FOR UPDATE`,
        [eventId],
      );
      if (existing?.used_at) return null;
      if (existing) {
        await manager.query(`UPDATE ${table} SET token_hash = $2, expires_at = now() + make_interval(hours => $3) WHERE id = $1`, [
          existing.id,
          tokenHash(token),
          hours,
        ]);
        return token;
      }
      await manager.query(`UPDATE ${table} SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [user.id]);
      if (kind === 'email-verification') {
        await manager.query(
          `INSERT INTO ${table} (user_id, email, token_hash, expires_at, event_id) VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5)`,
          [user.id, user.email, tokenHash(token), hours, eventId],
        );
      } else {
        await manager.query(
          `INSERT INTO ${table} (user_id, token_hash, expires_at, event_id) VALUES ($1, $2, now() + make_interval(hours => $3), $4)`,
          [user.id, tokenHash(token), hours, eventId],
        );
      }
      return token;
    });
  }

  /** Uses a live password link: answers its user, or null when it is unknown, used or expired (a link works once, even raced). */
  async claimPasswordReset(token: string, manager: EntityManager): Promise<number | null> {
    const rows = returned<{ user_id: number }>(
      await manager.query(
        `UPDATE password_reset_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash(token)],
      ),
    );
    return rows[0]?.user_id ?? null;
  }

  /**
   * Uses a live verification link whose address is still the account's e-mail, and marks that e-mail verified.
   * 'verified' when it did; 'already' for a used link of an e-mail that is verified (the link opened twice).
   */
  async confirmEmail(token: string): Promise<'verified' | 'already' | 'invalid'> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = returned<{ user_id: number }>(
        await manager.query(
          `UPDATE email_verification_tokens t SET used_at = now() FROM users u
           WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.id = t.user_id AND u.email = t.email
           RETURNING t.user_id`,
          [tokenHash(token)],
        ),
      );
      if (claimed.length > 0) {
        await manager.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [claimed[0].user_id]);
        return 'verified';
      }
      const [already]: unknown[] = await manager.query(
        `SELECT 1 FROM email_verification_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = $1 AND u.email = t.email AND u.email_verified_at IS NOT NULL`,
        [tokenHash(token)],
      );
      return already ? 'already' : 'invalid';
    });
  }

  /** The links that reach the account's old address stop working (its e-mail changed). */
  async revokeAll(userId: number, manager: EntityManager): Promise<void> {
    for (const { table } of Object.values(LINKS))
      await manager.query(`UPDATE ${table} SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  }
}
