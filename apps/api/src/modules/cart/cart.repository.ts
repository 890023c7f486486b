import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Day, IsoDate, JobRequestDraft } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { CartDetail } from './entities/cart-detail.entity';
import { Cart } from './entities/cart.entity';
import { preparedQuery } from '../../database/prepared-query';

/** Carts and their lines (`carts`, `cart_details`). */
@Injectable()
export class CartRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The client's cart, made on first use (accounts made before carts existed get one then). */
  async cartOf(manager: EntityManager, clientId: number): Promise<Cart> {
    await manager.query('INSERT INTO carts (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING', [clientId]);
    return manager.getRepository(Cart).findOneOrFail({ where: { clientId } });
  }

  async idOf(clientId: number): Promise<number | null> {
    const cart = await this.dataSource.getRepository(Cart).findOne({ where: { clientId }, select: { id: true } });
    return cart?.id ?? null;
  }

  /** The cart locked for the rest of the transaction (checkouts of one cart take turns). */
  lock(manager: EntityManager, cartId: number): Promise<Cart | null> {
    return manager.getRepository(Cart).findOne({ where: { id: cartId }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The cart locked for the rest of the transaction, with its lines (oldest first), in one round trip; null when no
   * such cart. `client_id` comes on every row (a cart without lines answers one row of nulls for the line).
   */
  async lockWithLines(
    manager: EntityManager,
    cartId: number,
  ): Promise<{
    clientId: number;
    place: { localityId: string | null; street: string | null };
    lines: (Pick<CartDetail, 'professionalId' | 'days' | 'dates'> & { jobRequest: JobRequestDraft })[];
  } | null> {
    const rows = await preparedQuery<{
      clientId: number;
      placeLocalityId: string | null;
      placeStreet: string | null;
      professionalId: number | null;
      days: Day[] | null;
      dates: IsoDate[] | null;
      requestText: string | null;
      requestImageIds: number[] | null;
    }>(
      manager,
      `SELECT c.client_id AS "clientId", c.place_locality_id AS "placeLocalityId", c.place_street AS "placeStreet",
              d.professional_id AS "professionalId", d.days, d.dates::text[] AS dates,
              d.job_request_text AS "requestText", d.job_request_image_ids AS "requestImageIds"
       FROM carts c LEFT JOIN cart_details d ON d.cart_id = c.id
       WHERE c.id = $1 ORDER BY d.id FOR UPDATE OF c`,
      [cartId],
    );
    if (rows.length === 0) return null;
    return {
      clientId: rows[0].clientId,
      place: { localityId: rows[0].placeLocalityId, street: rows[0].placeStreet },
      lines: rows
        .filter((row) => row.professionalId !== null)
        .map((row) => ({
          professionalId: row.professionalId!,
          days: row.days ?? [],
          dates: [...(row.dates ?? [])].sort(),
          jobRequest: { text: row.requestText ?? '', imageIds: row.requestImageIds ?? [] },
        })),
    };
  }

  findById(manager: EntityManager, cartId: number): Promise<Cart | null> {
    return manager.getRepository(Cart).findOne({ where: { id: cartId } });
  }

  details(manager: EntityManager, cartId: number): Promise<CartDetail[]> {
    return manager.getRepository(CartDetail).find({ where: { cartId }, order: { id: 'ASC' } });
  }

  /** The new line's id, or null when the professional is in the cart already. */
  async insertDetail(
    manager: EntityManager,
    cartId: number,
    professionalId: number,
    chosen: { days: Day[]; dates: IsoDate[] },
  ): Promise<CartDetail | null> {
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO cart_details (cart_id, professional_id, days, dates) VALUES ($1, $2, $3, $4::date[])
       ON CONFLICT (cart_id, professional_id) DO NOTHING RETURNING id`,
      [cartId, professionalId, chosen.days, chosen.dates],
    );
    return inserted.length === 0 ? null : manager.getRepository(CartDetail).findOneByOrFail({ id: inserted[0].id });
  }

  /** Where the cart's job is (a locality id and a street). */
  async setPlace(manager: EntityManager, cartId: number, place: { localityId: string; street: string }): Promise<void> {
    await manager.query('UPDATE carts SET place_locality_id = $2, place_street = $3, updated_at = now() WHERE id = $1', [
      cartId,
      place.localityId,
      place.street,
    ]);
  }

  /** The line locked for the rest of the transaction (two day changes on it apply one after the other). */
  lockDetail(manager: EntityManager, detailId: number): Promise<CartDetail | null> {
    return manager.getRepository(CartDetail).findOne({ where: { id: detailId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The line's dates and the spec's days (their weekday names). */
  async setDates(manager: EntityManager, detailId: number, chosen: { days: Day[]; dates: IsoDate[] }): Promise<void> {
    await manager.query('UPDATE cart_details SET days = $2, dates = $3::date[] WHERE id = $1', [detailId, chosen.days, chosen.dates]);
  }

  /** The line's job request draft, replaced whole. */
  async setJobRequest(manager: EntityManager, detailId: number, request: JobRequestDraft): Promise<void> {
    await manager.query('UPDATE cart_details SET job_request_text = $2, job_request_image_ids = $3::int[] WHERE id = $1', [
      detailId,
      request.text,
      request.imageIds,
    ]);
  }

  /** Which of these job request photos some line's draft holds. */
  async referencedJobRequestImages(imageIds: number[]): Promise<Set<number>> {
    if (imageIds.length === 0) return new Set();
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT held.id FROM cart_details d, unnest(d.job_request_image_ids) AS held(id)
       WHERE d.job_request_image_ids && $1::int[] AND held.id = ANY($1::int[])`,
      [imageIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  async deleteDetail(manager: EntityManager, detailId: number): Promise<void> {
    await manager.getRepository(CartDetail).delete({ id: detailId });
  }

  async deleteDetails(manager: EntityManager, cartId: number): Promise<void> {
    await manager.getRepository(CartDetail).delete({ cartId });
  }

  /** Takes the booked professionals out of the cart (what was added since stays). */
  async removeProfessionals(manager: EntityManager, cartId: number, professionalIds: number[]): Promise<void> {
    await manager.query('DELETE FROM cart_details WHERE cart_id = $1 AND professional_id = ANY($2::int[])', [cartId, professionalIds]);
  }
}
