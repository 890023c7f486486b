import { Injectable } from '@nestjs/common';
import { checkProfessionalEdit, contactOf, type ProfessionalDetail } from '@oficios/domain';
import { PublicAssetUrls } from '../../common/assets/public-asset-urls';
import { badRequest } from '../../common/id.pipe';
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
    private readonly assets: PublicAssetUrls,
  ) {}

  async update(id: number, body: unknown): Promise<ProfessionalDetail> {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest([{ field: 'body', message: 'Se esperaba un objeto JSON' }]);
    // The editor shows the picture as answers carry it (absolute); ours is stored as its path.
    const fields = { ...body, profileImg: this.assets.stored((body as Record<string, unknown>).profileImg) } as Record<string, unknown>;
    if (fields.id !== undefined && fields.id !== null && Number(fields.id) !== id)
      throw badRequest([{ field: 'id', message: 'El id no coincide con el profesional editado' }]);
    const checked = checkProfessionalEdit(fields);
    if (!checked.ok) throw badRequest(checked.errors);
    const edit = checked.value;
    await this.outbox.transaction(async (manager) => {
      // The profile first: it is locked, and an unknown professional is a 404 before any account is touched.
      await this.professionals.edit(manager, id, edit);
      await this.accounts.updateContact(manager, id, contactOf(edit));
    });
    return this.catalog.getProfessional(id);
  }
}
