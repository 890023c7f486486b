import { Injectable } from '@nestjs/common';
import {
  contactChangesOf,
  PROFESSIONAL_EDIT_MESSAGES,
  toProfessionalEdit,
  type ManagedProfessional,
  type ProfessionalEditBody,
} from '@oficios/domain';
import { invalidInput, notFound } from '../../common/errors/app-errors';
import { CatalogService, ProfessionalsService } from '../catalog';
import { AccountsService } from '../identity';
import { OutboxService } from '../outbox';

/**
 * "Editar Profesionales": an administrator loads a professional whole (the catalogue's detail with the account's
 * contact, which the public answers hide) and edits it (`PUT /home/professionals/{id}`): its catalogue profile and its
 * account's contact, in one transaction. Every field is checked by the domain's rule; professions must exist; rating
 * and reputation are ignored (reviews decide them); an e-mail, phone or address sent null or left out keeps the stored
 * one, and so does a service area left out (null removes it). ProfessionalUpdated refreshes every process's catalogue.
 */
@Injectable()
export class ProfessionalEditor {
  constructor(
    private readonly outbox: OutboxService,
    private readonly catalog: CatalogService,
    private readonly professionals: ProfessionalsService,
    private readonly accounts: AccountsService,
  ) {}

  /** `GET /api/admin/professionals/{id}`: what the editor loads; 404 for an unknown professional. */
  async load(id: number): Promise<ManagedProfessional> {
    const [detail, accounts] = await Promise.all([this.catalog.getProfessional(id), this.accounts.cardsOf([id])]);
    const account = accounts.get(id);
    if (!account) throw notFound(`No existe el profesional ${id}`);
    return { ...detail, email: account.email, phoneNumber: account.phoneNumber, address: account.address };
  }

  async update(id: number, body: ProfessionalEditBody): Promise<ManagedProfessional> {
    if (body.id != null && body.id !== id) throw invalidInput([{ field: 'id', message: PROFESSIONAL_EDIT_MESSAGES.id }]);
    const edit = toProfessionalEdit(body);
    await this.outbox.transaction(async (manager) => {
      // The profile first: it is locked, and an unknown professional is a 404 before any account is touched.
      await this.professionals.edit(manager, id, edit);
      await this.accounts.updateContact(manager, id, contactChangesOf(edit));
    });
    return this.load(id);
  }
}
