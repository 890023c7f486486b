import { Injectable, NotFoundException } from '@nestjs/common';
import { checkProfessionalEdit, type ProfessionalDetail } from '@oficios/domain';
import { badRequest } from '../../common/id.pipe';
import { CatalogService } from '../catalog/catalog.service';
import { Profession } from '../catalog/entities/profession.entity';
import { rethrowEmailTaken } from '../identity/email-conflict';
import { User } from '../identity/entities/user.entity';
import { OutboxService } from '../outbox/outbox.service';

/**
 * `PUT /home/professionals/{id}`: an administrator edits a professional. Every field is
 * checked by the domain's rule; professions must exist; rating and reputation are
 * ignored (reviews decide them). ProfessionalUpdated refreshes every process's catalogue.
 */
@Injectable()
export class ProfessionalEditor {
  constructor(
    private readonly outbox: OutboxService,
    private readonly catalog: CatalogService,
  ) {}

  async update(id: number, body: unknown): Promise<ProfessionalDetail> {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest([{ field: 'body', message: 'Se esperaba un objeto JSON' }]);
    const fields = body as Record<string, unknown>;
    if (fields.id !== undefined && fields.id !== null && Number(fields.id) !== id)
      throw badRequest([{ field: 'id', message: 'El id no coincide con el profesional editado' }]);
    const checked = checkProfessionalEdit(fields);
    if (!checked.ok) throw badRequest(checked.errors);
    const edit = checked.value;
    try {
      await this.outbox.transaction(async (manager) => {
        const professional = await manager
          .getRepository(User)
          .findOne({ where: { id, type: 'profesional' }, lock: { mode: 'pessimistic_write' } });
        if (!professional) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el profesional ${id}` });
        const professions = await manager
          .getRepository(Profession)
          .createQueryBuilder('p')
          .where('lower(p.name) IN (:...names)', { names: edit.professions })
          .getMany();
        const unknown = edit.professions.filter((name) => !professions.some((p) => p.name.toLowerCase() === name));
        if (unknown.length > 0) throw badRequest([{ field: 'professions', message: `Profesion desconocida: ${unknown.join(', ')}` }]);
        Object.assign(professional, {
          firstName: edit.firstName,
          lastName: edit.lastName,
          email: edit.email,
          phoneNumber: edit.phoneNumber,
          address: edit.address,
          profileImg: edit.profileImg,
          availableDays: edit.availableDays,
          ...(edit.dayPrice !== undefined ? { dayPrice: edit.dayPrice } : {}),
        });
        professional.professions = professions;
        await manager.getRepository(User).save(professional);
        await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: id });
      });
    } catch (error) {
      rethrowEmailTaken(error);
    }
    this.catalog.invalidate();
    return this.catalog.getProfessional(id);
  }
}
