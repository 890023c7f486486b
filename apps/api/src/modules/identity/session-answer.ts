import type { SessionAnswer, SessionUser } from '@oficios/domain';
import type { User } from './entities/user.entity';

/** The user record as the spec's clients read it (`dataValues`): never a password hash. */
export function toSessionUser(user: User, cartId: number | null): SessionUser {
  const view: SessionUser = {
    id: user.id,
    type: user.type,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    address: user.address,
    profileImg: user.profileImg,
    google: user.google,
    emailVerified: user.emailVerifiedAt !== null,
  };
  if (user.type === 'cliente' && cartId !== null) view.cartId = cartId;
  if (user.type === 'profesional') {
    view.aboutMe = user.aboutMe;
    view.dayPrice = user.dayPrice ?? 0;
    view.availableDays = user.availableDays ?? [];
    view.professions = (user.professions ?? []).map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.id - b.id);
  }
  return view;
}

/** `{msg, dataValues, cart}`: the type is the message's first word. */
export function toSessionAnswer(user: User, cartId: number | null, verb: 'logeado' | 'registrado'): SessionAnswer {
  return { msg: `${user.type} ${verb}`, dataValues: toSessionUser(user, cartId), cart: cartId === null ? null : { id: cartId } };
}
