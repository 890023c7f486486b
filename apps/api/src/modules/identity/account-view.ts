import { contactOf, type SessionUser } from '@oficios/domain';
import type { User } from './entities/user.entity';

/**
 * The account as the spec's clients read it (`dataValues`), never with a password hash: what identity knows of it.
 * The client's cart and the professional's catalogue profile are added above identity (modules/sign-in).
 */
export function toAccountView(user: User): SessionUser {
  return {
    id: user.id,
    type: user.type,
    ...contactOf(user),
    google: user.google,
    emailVerified: user.emailVerifiedAt !== null,
    localityId: user.localityId ?? null,
  };
}
