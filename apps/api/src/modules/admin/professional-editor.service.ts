import { Injectable } from '@nestjs/common';
import {
  contactOf,
  PROFESSIONAL_EDIT_MESSAGES,
  toProfessionalEdit,
  type ProfessionalDetail,
  type ProfessionalEditBody,
} from '@oficios/domain';
import { invalidInput } from '../../common/errors/app-errors';
import { CatalogService, ProfessionalsService } from '../catalog';
import { AccountsService } from '../identity';
import { OutboxService } from '../outbox';

/**
 * `PUT /home/professionals/{id}`: an administrator edits a professional: its catalogue profile and its account's
 * contact, in one transaction. Every field is checked by the domain's rule; professions must exist; rating and
 * reputation are ignored (reviews decide them). ProfessionalUpdated refreshes every process's catalogue.
 */
@Injectable()
export class ProfessionalEditor {
  constructor(
    private readonly outbox: OutboxService,
    private readonly catalog: CatalogService,
    private readonly professionals: ProfessionalsService,
    private readonly accounts: AccountsService,
  ) {}

  async update(id: number, body: ProfessionalEditBody): Promise<ProfessionalDetail> {
    if (body.id != null && body.id !== id) throw invalidInput([{ field: 'id', message: PROFESSIONAL_EDIT_MESSAGES.id }]);
    const edit = toProfessionalEdit(body);
    await this.outbox.transaction(async (manager) => {
      // The profile first: it is locked, and an unknown professional is a 404 before any account is touched.
      await this.professionals.edit(manager, id, edit);
      await this.accounts.updateContact(manager, id, contactOf(edit));
    });
    return this.catalog.getProfessional(id);
  }
}
