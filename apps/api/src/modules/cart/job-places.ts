import { HttpStatus, Injectable } from '@nestjs/common';
import { placeReach, type JobPlace, type JobPlaceInput, type Locality, type OutsideServiceArea, type PlaceReach } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { apiError } from '../../common/errors/app-errors';
import { ProfessionalsService, type ProfessionalArea } from '../catalog';
import { AccountsService } from '../identity';
import { LocalitiesService } from '../localities';

/** A place as a cart stores it: a locality id and a street (both or neither). */
export interface StoredPlace {
  localityId: string | null;
  street: string | null;
}

/**
 * 409 `outside_service_area`: the job's place is outside these professionals' areas. The details are the first one's
 * (`professionalId, distanceKm, radiusKm, locality`) and, under `outside`, every one of them.
 */
export function outsideServiceArea(outside: OutsideServiceArea[]) {
  const [first] = outside;
  return apiError(HttpStatus.CONFLICT, 'outside_service_area', outside.map((refusal) => refusal.message).join('. '), {
    professionalId: first.professionalId,
    distanceKm: first.distanceKm,
    radiusKm: first.radiusKm,
    locality: first.locality,
    areaLocality: first.areaLocality,
    outside,
  });
}

/**
 * Where a job is and who reaches it: a cart's place (its own, else the client's address), and for each professional
 * the distance from their base (the domain's one definition) and whether the area covers it (`placeReach`), with the
 * areas as the catalogue keeps them and the localities' coordinates from LocalitiesService.
 */
@Injectable()
export class JobPlaces {
  constructor(
    private readonly localities: LocalitiesService,
    private readonly accounts: AccountsService,
    private readonly catalog: ProfessionalsService,
  ) {}

  /** The locality of an id a client sent; 400 `unknown_locality` when it names none. */
  locality(id: string, field = 'localityId'): Promise<Locality> {
    return this.localities.require(id, field);
  }

  /** A place as sent, its locality whole (400 `unknown_locality` for an unknown one). */
  async placeFrom(input: JobPlaceInput, field?: string): Promise<JobPlace> {
    return { locality: await this.locality(input.localityId, field), street: input.street };
  }

  /**
   * The cart's place: the one stored on it, else the client's address when it has a locality (`fromAccount`); null
   * when neither is known.
   */
  async placeOf(manager: EntityManager, clientId: number, stored: StoredPlace): Promise<JobPlace | null> {
    if (stored.localityId !== null) return this.placeWith(stored, null);
    return this.placeWith(stored, await this.accounts.addressOf(clientId, manager));
  }

  /**
   * The same from the client's address read already (its query in the caller's round trip, AccountsService.addressOf):
   * the cart's stored place when it has one, else the address when it has a locality.
   */
  async placeWith(stored: StoredPlace, address: { address: string; localityId: string | null } | null): Promise<JobPlace | null> {
    if (stored.localityId !== null) {
      const locality = await this.localities.findById(stored.localityId);
      if (locality) return { locality, street: stored.street ?? '' };
    }
    const locality = address?.localityId ? await this.localities.findById(address.localityId) : null;
    return locality ? { locality, street: address!.address, fromAccount: true } : null;
  }

  /**
   * Each professional's reach of the place, by id (no place: no distance and nobody refused). A professional without
   * an area reaches everywhere, with no distance.
   */
  async reachOf(
    manager: EntityManager,
    professionals: { id: number; firstName: string; lastName: string }[],
    place: Locality | null,
  ): Promise<Map<number, PlaceReach>> {
    const reach = new Map<number, PlaceReach>();
    if (place === null || professionals.length === 0) {
      for (const professional of professionals) reach.set(professional.id, { distanceKm: null, outside: null });
      return reach;
    }
    return this.reachWith(
      await this.catalog.areasOf(
        professionals.map((professional) => professional.id),
        manager,
      ),
      professionals,
      place,
    );
  }

  /** The same with the areas read already (ProfessionalsService.areasOf, its query in the caller's round trip). */
  async reachWith(
    areas: Map<number, ProfessionalArea>,
    professionals: { id: number; firstName: string; lastName: string }[],
    place: Locality | null,
  ): Promise<Map<number, PlaceReach>> {
    const reach = new Map<number, PlaceReach>();
    if (place === null) {
      for (const professional of professionals) reach.set(professional.id, { distanceKm: null, outside: null });
      return reach;
    }
    const bases = new Map(
      (await this.localities.findByIds([...new Set([...areas.values()].map((area) => area.localityId))])).map((l) => [l.id, l]),
    );
    for (const professional of professionals) {
      const area = areas.get(professional.id);
      const base = area ? bases.get(area.localityId) : undefined;
      reach.set(professional.id, placeReach(professional, area && base ? { ...area, base } : null, place));
    }
    return reach;
  }
}
