import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { CREDENTIAL_MESSAGES, profileChanges, validateProfileFields, type ProfileFields } from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest } from '../../common/id.pipe';
import { CredentialChanges } from '../identity/credential-changes.service';
import type { User } from '../identity/entities/user.entity';
import { toSessionUser } from '../identity/session-answer';
import { UsersRepository } from '../identity/users.repository';

/** `PUT /api/clients/{id}`: the profile fields, plus a new `password` and the `currentPassword` that allows it. */
type ClientUpdate = Partial<ProfileFields> & { password?: unknown; currentPassword?: unknown };

/** Client profiles: a client sees and edits only itself; administrators see everyone. */
@Injectable()
export class ClientsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly credentials: CredentialChanges,
  ) {}

  private async loadClient(actor: SessionUserClaims, id: number): Promise<User> {
    // A client learns nothing about other ids, not even whether they exist.
    if (actor.type === 'cliente' && actor.id !== id) {
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes ver y editar tu propio perfil' });
    }
    const user = await this.users.findById(id);
    if (!user || user.type !== 'cliente')
      throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el cliente ${id}` });
    return user;
  }

  async get(actor: SessionUserClaims, id: number) {
    const client = await this.loadClient(actor, id);
    const [cartId, orders] = await Promise.all([this.users.cartIdOf(id), this.users.ordersOf(id)]);
    return { ...toSessionUser(client, cartId), orders };
  }

  /**
   * Blank fields keep their value. A new e-mail or password needs the caller's current password (an administrator
   * editing a client gives the administrator's own) and ends the account's other sessions.
   */
  async update(actor: SessionUserClaims, id: number, body: unknown, ip: string) {
    const client = await this.loadClient(actor, id);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest([{ field: 'body', message: 'Se esperaba un objeto JSON' }]);
    const fields = body as ClientUpdate;
    const wrongTypes = (['firstName', 'lastName', 'email', 'phoneNumber', 'address'] as const).filter(
      (key) => fields[key] !== undefined && fields[key] !== null && typeof fields[key] !== 'string',
    );
    if (wrongTypes.length) throw badRequest(wrongTypes.map((field) => ({ field, message: `${field} debe ser texto` })));
    const errors = validateProfileFields(fields, { partial: true });
    if (errors.length > 0) throw badRequest(errors);
    const password = this.credentials.checkNewPassword(fields.password);
    if (password !== undefined && actor.id !== id)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: CREDENTIAL_MESSAGES.notYourPassword });
    const { email, ...others } = profileChanges(fields);
    const emailChanges = email !== undefined && email !== client.email;
    if (emailChanges || password !== undefined) await this.credentials.confirmCurrentPassword(actor.id, fields.currentPassword, ip);
    Object.assign(client, others);
    await this.credentials.save(client, { email, password }, actor.id === id ? actor.sessionId : undefined);
    return toSessionUser(client, await this.users.cartIdOf(id));
  }

  async list() {
    const clients = await this.users.listClients();
    return clients.map((client) => toSessionUser(client, null));
  }
}
