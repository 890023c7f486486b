import { Injectable } from '@nestjs/common';
import { centsToPesos, type ClientUpdate, type Locality, type SessionAnswer, type SessionUser } from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CartService } from '../cart';
import { ProfessionalsService, type ProfessionalProfile } from '../catalog';
import { AccountsService } from '../identity';
import { LocalitiesService } from '../localities';

/** 400 `unknown_locality` for an address's locality id that names no locality. */
export async function refuseUnknownLocality(localities: LocalitiesService, localityId: string | null | undefined): Promise<void> {
  if (localityId != null) await localities.require(localityId, 'localityId');
}

/** What an account answer adds to the account itself: the client's cart, the professional's catalogue profile. */
export interface AccountExtras {
  cartId: number | null;
  profile: ProfessionalProfile | null;
  /** The address's locality whole (null: none given). */
  locality: Locality | null;
}

/** The account's `dataValues`: identity's fields, then the client's cart id or the professional's public profile. */
export function withExtras(account: SessionUser, extras: AccountExtras): SessionUser {
  const view: SessionUser = { ...account, locality: extras.locality };
  if (account.type === 'cliente' && extras.cartId !== null) view.cartId = extras.cartId;
  if (account.type === 'profesional') {
    view.aboutMe = extras.profile?.aboutMe ?? '';
    view.dayPrice = centsToPesos(extras.profile?.dayPriceCents ?? 0);
    view.availableDays = extras.profile?.availableDays ?? [];
    view.professions = extras.profile?.professions ?? [];
    view.serviceArea = extras.profile?.serviceArea ?? null;
  }
  return view;
}

/** `{msg, dataValues, cart}`: the type is the message's first word. */
export function toSessionAnswer(account: SessionUser, extras: AccountExtras, verb: 'logeado' | 'registrado'): SessionAnswer {
  return {
    msg: `${account.type} ${verb}`,
    dataValues: withExtras(account, extras),
    cart: extras.cartId === null ? null : { id: extras.cartId },
  };
}

/**
 * Accounts as they are answered: identity's account with the client's cart (cart) or the professional's public
 * profile (catalog). The sign-ins' answers, `GET /home/user/me` and the client profiles of `/api/clients`.
 */
@Injectable()
export class AccountAnswers {
  constructor(
    private readonly accounts: AccountsService,
    private readonly professionals: ProfessionalsService,
    private readonly carts: CartService,
    private readonly localities: LocalitiesService,
  ) {}

  /** `{msg, dataValues, cart}` for a signed-in user. */
  async sessionAnswer(account: SessionUser): Promise<SessionAnswer> {
    return toSessionAnswer(account, await this.extrasOf(account), 'logeado');
  }

  /** The signed-in user's `{msg, dataValues, cart}`; null when the account is gone. */
  async sessionAnswerOf(userId: number): Promise<SessionAnswer | null> {
    const account = await this.accounts.accountOf(userId);
    return account ? this.sessionAnswer(account) : null;
  }

  /** A client's account answer (`dataValues` with its cart); 404 for anyone else. */
  async client(id: number): Promise<SessionUser> {
    const account = await this.accounts.client(id);
    return withExtras(account, await this.extrasOf(account));
  }

  /** The client's (or an administrator's) edit of a client (AccountsService.updateClient), answered with its cart. */
  async updateClient(actor: SessionUserClaims, id: number, update: ClientUpdate, ip: string): Promise<SessionUser> {
    await refuseUnknownLocality(this.localities, update.localityId);
    const account = await this.accounts.updateClient(actor, id, update, ip);
    return withExtras(account, await this.extrasOf(account));
  }

  /** `GET /home/clients` (administrators): every client's account with its locality. */
  async listClients(): Promise<SessionUser[]> {
    const clients = await this.accounts.listClients();
    return Promise.all(clients.map(async (client) => ({ ...client, locality: await this.localityOf(client) })));
  }

  /** The address's locality whole (null: none given). */
  localityOf(account: Pick<SessionUser, 'localityId'>): Promise<Locality | null> {
    return account.localityId ? this.localities.findById(account.localityId) : Promise.resolve(null);
  }

  private async extrasOf(account: SessionUser): Promise<AccountExtras> {
    const [cartId, profile, locality] = await Promise.all([
      account.type === 'cliente' ? this.carts.idOf(account.id) : null,
      account.type === 'profesional' ? this.professionals.profileOf(account.id) : null,
      this.localityOf(account),
    ]);
    return { cartId, profile, locality };
  }
}
