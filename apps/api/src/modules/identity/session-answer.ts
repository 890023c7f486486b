import { centsToPesos, contactOf, type SessionAnswer, type SessionUser } from '@oficios/domain';
import type { ProfessionalProfile } from '../catalog';
import type { User } from './entities/user.entity';

/** What an account answer adds to the account itself: the client's cart, the professional's catalogue profile. */
export interface AccountExtras {
  cartId: number | null;
  profile: ProfessionalProfile | null;
}

/** The user record as the spec's clients read it (`dataValues`): never a password hash. */
export function toSessionUser(user: User, extras: AccountExtras): SessionUser {
  const view: SessionUser = {
    id: user.id,
    type: user.type,
    ...contactOf(user),
    google: user.google,
    emailVerified: user.emailVerifiedAt !== null,
  };
  if (user.type === 'cliente' && extras.cartId !== null) view.cartId = extras.cartId;
  if (user.type === 'profesional') {
    view.aboutMe = extras.profile?.aboutMe ?? '';
    view.dayPrice = centsToPesos(extras.profile?.dayPriceCents ?? 0);
    view.availableDays = extras.profile?.availableDays ?? [];
    view.professions = extras.profile?.professions ?? [];
  }
  return view;
}

/** `{msg, dataValues, cart}`: the type is the message's first word. */
export function toSessionAnswer(user: User, extras: AccountExtras, verb: 'logeado' | 'registrado'): SessionAnswer {
  return {
    msg: `${user.type} ${verb}`,
    dataValues: toSessionUser(user, extras),
    cart: extras.cartId === null ? null : { id: extras.cartId },
  };
}
