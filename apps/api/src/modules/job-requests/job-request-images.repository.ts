import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoredImage } from '../media';

/** A request photo as stored, with its client. */
export interface JobRequestImageRow extends StoredImage {
  id: number;
  clientId: number;
}

/** The job requests' photos (`job_request_images`). */
@Injectable()
export class JobRequestImagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The client's new photos, in order; answers their ids. */
  async insert(clientId: number, images: StoredImage[]): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `INSERT INTO job_request_images (client_id, file, thumb_file, mime)
       SELECT $1, i.file, i.thumb_file, i.mime
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS i(file, thumb_file, mime, n) ORDER BY i.n
       RETURNING id`,
      [clientId, images.map((image) => image.file), images.map((image) => image.thumbFile), images.map((image) => image.mime)],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  /** These photos, in the order of `ids` (unknown ids are left out). */
  async find(ids: number[]): Promise<JobRequestImageRow[]> {
    if (ids.length === 0) return [];
    const rows: JobRequestImageRow[] = await this.dataSource.query(
      `SELECT id, client_id AS "clientId", file, thumb_file AS "thumbFile", mime FROM job_request_images WHERE id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * These photos held until the manager's transaction ends (housekeeping skips them meanwhile, or they wait for its
   * delete); answers the ids that still exist.
   */
  async hold(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await manager.query('SELECT id FROM job_request_images WHERE id = ANY($1::int[]) FOR SHARE', [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Up to `limit` photos made more than `hours` ago (by the database's clock), with ids after `afterId`, locked for the
   * rest of the transaction; those a request being saved holds are skipped.
   */
  lockOlderThan(manager: EntityManager, hours: number, afterId: number, limit: number): Promise<JobRequestImageRow[]> {
    return manager.query(
      `SELECT id, client_id AS "clientId", file, thumb_file AS "thumbFile", mime FROM job_request_images
       WHERE created_at < now() - make_interval(hours => $1) AND id > $2 ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [hours, afterId, limit],
    );
  }

  async delete(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length > 0) await manager.query('DELETE FROM job_request_images WHERE id = ANY($1::int[])', [ids]);
  }
}
