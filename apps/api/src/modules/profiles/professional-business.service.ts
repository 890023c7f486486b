import { Injectable } from '@nestjs/common';
import { toBusinessChanges, type BusinessChangesBody, type ProfessionalDetail } from '@oficios/domain';
import { CatalogService, ProfessionalsService } from '../catalog';
import { AccountsService } from '../identity';
import { OutboxService } from '../outbox';

/**
 * "Mi negocio": the signed-in professional edits their own price per day, working days, trades, "Sobre mi" and photo
 * with the rules of the administrators' editor. The catalogue's profile and (for the photo) the account change in one
 * transaction; its ProfessionalUpdated drops every process's cached listing and detail. Bookings already made keep
 * their own price and dates.
 */
@Injectable()
export class ProfessionalBusinessService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly catalog: CatalogService,
    private readonly professionals: ProfessionalsService,
    private readonly accounts: AccountsService,
  ) {}

  /** Saves the fields given and answers the public detail as clients now see it. */
  async update(professionalId: number, body: BusinessChangesBody): Promise<ProfessionalDetail> {
    const changes = toBusinessChanges(body);
    await this.outbox.transaction(async (manager) => {
      await this.professionals.editBusiness(manager, professionalId, changes);
      if (changes.profileImg !== undefined) await this.accounts.updateContact(manager, professionalId, { profileImg: changes.profileImg });
    });
    return this.catalog.getProfessional(professionalId);
  }
}
