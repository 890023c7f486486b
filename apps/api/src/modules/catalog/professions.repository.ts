import { Injectable } from '@nestjs/common';
import type { Profession } from '@oficios/domain';
import type { EntityManager } from 'typeorm';

/** Serialises profession changes: the accent-insensitive duplicate check cannot be a unique index. */
const PROFESSIONS_LOCK = 73_140_001;

/** The professions and who has them (`professions`, `professional_professions`). */
@Injectable()
export class ProfessionsRepository {
  /** Takes the professions' lock for the rest of the transaction. */
  async lockAll(manager: EntityManager): Promise<Profession[]> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [PROFESSIONS_LOCK]);
    return manager.query('SELECT id, name FROM professions ORDER BY id');
  }

  async insert(manager: EntityManager, name: string): Promise<Profession> {
    const [row]: Profession[] = await manager.query('INSERT INTO professions (name) VALUES ($1) RETURNING id, name', [name]);
    return row;
  }

  /** The profession locked with its links (nobody takes it while it is being deleted); null when unknown. */
  async lockWithHolders(manager: EntityManager, id: number): Promise<{ profession: Profession; holders: number } | null> {
    const [profession]: Profession[] = await manager.query('SELECT id, name FROM professions WHERE id = $1 FOR UPDATE', [id]);
    if (!profession) return null;
    const holders: unknown[] = await manager.query(
      'SELECT professional_id FROM professional_professions WHERE profession_id = $1 FOR UPDATE',
      [id],
    );
    return { profession, holders: holders.length };
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query('DELETE FROM professions WHERE id = $1', [id]);
  }
}
