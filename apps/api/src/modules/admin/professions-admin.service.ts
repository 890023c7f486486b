import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { normalizeSearchText, type Profession } from '@oficios/domain';
import { badRequest } from '../../common/id.pipe';
import { CatalogService } from '../catalog/catalog.service';
import { OutboxService } from '../outbox/outbox.service';

const NAME_MAX = 60;
/** Serialises profession changes: the accent-insensitive duplicate check cannot be a unique index. */
const PROFESSIONS_LOCK = 73_140_001;

/** "Crear Profesiones": professions are created and deleted by administrators; ids come from the database. */
@Injectable()
export class ProfessionsAdmin {
  constructor(
    private readonly outbox: OutboxService,
    private readonly catalog: CatalogService,
  ) {}

  /** `POST /home/professions {name, id}`: the client's id is ignored (the spec's "count + 1" collides after a delete). */
  async create(body: { name?: unknown } | undefined): Promise<Profession> {
    const name = typeof body?.name === 'string' ? body.name.replace(/\s+/g, ' ').trim().toLowerCase() : '';
    if (name === '') throw badRequest([{ field: 'name', message: 'El nombre de la profesion es obligatorio' }]);
    if (name.length > NAME_MAX) throw badRequest([{ field: 'name', message: `El nombre no puede superar ${NAME_MAX} caracteres` }]);
    if (/[<>]/.test(name)) throw badRequest([{ field: 'name', message: 'El nombre no puede contener < ni >' }]);
    const created = await this.outbox.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [PROFESSIONS_LOCK]);
      const existing: Profession[] = await manager.query('SELECT id, name FROM professions');
      const twin = existing.find((profession) => normalizeSearchText(profession.name) === normalizeSearchText(name));
      if (twin)
        throw new ConflictException({
          statusCode: 409,
          error: 'Conflict',
          message: `La profesion ${twin.name} ya existe`,
          errors: [{ field: 'name', message: `La profesion ${twin.name} ya existe` }],
        });
      const [row]: Profession[] = await manager.query('INSERT INTO professions (name) VALUES ($1) RETURNING id, name', [name]);
      await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: null });
      return row;
    });
    this.catalog.invalidate();
    return created;
  }

  /** `DELETE /home/professions/{id}`: refused while professionals still have it (deleting would silently strip it from them). */
  async remove(id: number): Promise<Profession> {
    const removed = await this.outbox.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [PROFESSIONS_LOCK]);
      const [profession]: Profession[] = await manager.query('SELECT id, name FROM professions WHERE id = $1 FOR UPDATE', [id]);
      if (!profession) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe la profesion ${id}` });
      // Locks the links too: nobody can take this profession while it is being deleted.
      const users: { professional_id: number }[] = await manager.query(
        'SELECT professional_id FROM professional_professions WHERE profession_id = $1 FOR UPDATE',
        [id],
      );
      if (users.length > 0)
        throw new ConflictException({
          statusCode: 409,
          error: 'Conflict',
          message: `La profesion ${profession.name} la tienen ${users.length} profesionales: quitala de ellos antes de borrarla`,
        });
      await manager.query('DELETE FROM professions WHERE id = $1', [id]);
      await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: null });
      return profession;
    });
    this.catalog.invalidate();
    return removed;
  }
}
