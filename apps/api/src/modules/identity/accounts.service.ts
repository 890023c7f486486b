import { Injectable } from '@nestjs/common';
import { CREDENTIAL_MESSAGES, type ClientUpdate, type PersonContact, type SessionUser, type UserType } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { forbidden, notFound } from '../../common/errors/app-errors';
import { CredentialChanges } from './credential-changes.service';
import { rethrowEmailTaken } from './email-conflict';
import type { User } from './entities/user.entity';
import { toAccountView } from './account-view';
import { UsersRepository, type PersonCard } from './users.repository';

const clientNotFound = (id: number) => notFound(`No existe el cliente ${id}`);

/**
 * What other modules may ask of identity, and the account changes they may make: people's names and contact for
 * their screens and mails, the accounts of the profile screens (what identity knows of them: the answers' cart and
 * catalogue profile are added above identity), the clients' own profile edits.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly credentials: CredentialChanges,
  ) {}

  /** The account of a signed-in user; null when it is gone. */
  async accountOf(userId: number): Promise<SessionUser | null> {
    const user = await this.users.findById(userId);
    return user ? toAccountView(user) : null;
  }

  /** Name, contact and picture of each person, by id (unknown ids are left out). */
  async cardsOf(ids: number[]): Promise<Map<number, PersonCard>> {
    const cards = await this.users.cardsOf([...new Set(ids)]);
    return new Map(cards.map((card) => [card.id, card]));
  }

  /**
   * Whether the account's e-mail is verified, read in the caller's transaction. Its query is written at once (before
   * any await), so a caller may send it with others in one round trip (writeTogether).
   */
  emailVerified(manager: EntityManager, userId: number): Promise<boolean> {
    return this.users.emailVerified(manager, userId);
  }

  /** The street and locality of the account's address (where a client's jobs are by default); null when it is gone. */
  addressOf(userId: number, manager?: EntityManager): Promise<{ address: string; localityId: string | null } | null> {
    return this.users.addressOf(userId, manager);
  }

  countByType(): Promise<Record<UserType, number>> {
    return this.users.countByType();
  }

  /** Which of these uploaded file names a profile picture points to. */
  referencedUploads(names: string[]): Promise<Set<string>> {
    return this.users.referencedUploads(names);
  }

  /** A client's account; 404 for anyone else. */
  async client(id: number): Promise<SessionUser> {
    const user = await this.users.findById(id);
    if (!user || user.type !== 'cliente') throw clientNotFound(id);
    return toAccountView(user);
  }

  async listClients(): Promise<SessionUser[]> {
    const clients = await this.users.listClients();
    return clients.map(toAccountView);
  }

  /**
   * A client's own edit (or an administrator's): blank fields keep their value; a new e-mail or password needs the
   * caller's current password (an administrator editing a client gives the administrator's own) and ends the
   * account's other sessions.
   */
  async updateClient(actor: SessionUserClaims, id: number, update: ClientUpdate, ip: string): Promise<SessionUser> {
    const client = await this.users.findById(id);
    if (!client || client.type !== 'cliente') throw clientNotFound(id);
    const { email, password, currentPassword, ...fields } = update;
    if (password !== undefined && actor.id !== id) throw forbidden('not_allowed', CREDENTIAL_MESSAGES.notYourPassword);
    const emailChanges = email !== undefined && email !== client.email;
    if (emailChanges || password !== undefined) await this.credentials.confirmCurrentPassword(actor.id, currentPassword, ip);
    // Blank fields arrive as undefined: they keep the current value.
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(client, { [key]: value });
    await this.credentials.save(client, { email, password }, actor.id === id ? actor.sessionId : undefined);
    return toAccountView(client);
  }

  /**
   * The administrator's edit of a professional's account contact (the fields given), in the caller's transaction (the
   * catalogue's copy is saved beside it). A new e-mail is unverified until its link is opened, like any change of address.
   */
  async updateContact(manager: EntityManager, id: number, contact: Partial<PersonContact>): Promise<void> {
    const user: User | null = await this.users.lock(manager, id);
    if (!user) throw notFound(`No existe la cuenta ${id}`);
    Object.assign(user, contact);
    try {
      await this.users.save(user, manager);
    } catch (error) {
      rethrowEmailTaken(error);
    }
  }
}
