import { Injectable } from '@nestjs/common';
import { SERVICE_AREA_MESSAGES, type FieldError, type ServiceArea, type ServiceAreaInput } from '@oficios/domain';
import { invalidInput } from '../../common/errors/app-errors';
import { LocalitiesService } from '../localities';
import type { Professional } from './entities/professional.entity';

/** A professional's area as its row keeps it (the `area_*` columns). */
export type StoredArea = Pick<Professional, 'areaLocalityId' | 'areaRadiusKm' | 'areaExtraLocalityIds' | 'areaExcludedLocalityIds'>;

/** The `area_*` columns, as StoredArea's fields, for the catalogue's SQL on alias `u`. */
export const AREA_COLUMNS_OF_U = `u.area_locality_id AS "areaLocalityId", u.area_radius_km AS "areaRadiusKm",
  u.area_extra_locality_ids AS "areaExtraLocalityIds", u.area_excluded_locality_ids AS "areaExcludedLocalityIds"`;

/**
 * Service areas between the answers' whole localities and the row's ids: the writers' check that every id is a
 * locality (400 `unknown_locality` naming them) and the readers' resolution, both from LocalitiesService's memory.
 */
@Injectable()
export class ServiceAreas {
  constructor(private readonly localities: LocalitiesService) {}

  /** The area as the columns keep it, after checking its localities exist; null clears them. */
  async toColumns(area: ServiceAreaInput | null): Promise<StoredArea> {
    if (area === null) return { areaLocalityId: null, areaRadiusKm: null, areaExtraLocalityIds: [], areaExcludedLocalityIds: [] };
    const groups = [
      ['serviceArea.localityId', [area.localityId]],
      ['serviceArea.extraLocalityIds', area.extraLocalityIds],
      ['serviceArea.excludedLocalityIds', area.excludedLocalityIds],
    ] as const;
    const errors: FieldError[] = [];
    const unknown: string[] = [];
    for (const [field, ids] of groups) {
      const missing = await this.localities.unknownIds(ids);
      if (missing.length === 0) continue;
      unknown.push(...missing);
      errors.push({ field, message: `${SERVICE_AREA_MESSAGES.unknownLocality}: ${missing.join(', ')}` });
    }
    if (errors.length > 0) throw invalidInput(errors, 'unknown_locality');
    return {
      areaLocalityId: area.localityId,
      areaRadiusKm: area.radiusKm,
      areaExtraLocalityIds: [...area.extraLocalityIds],
      areaExcludedLocalityIds: [...area.excludedLocalityIds],
    };
  }

  /** The base locality's name (what cards show as `locality`) of an area that passed `toColumns`. */
  async baseName(areaLocalityId: string): Promise<string | null> {
    return (await this.localities.findById(areaLocalityId))?.name ?? null;
  }

  /** The answers' `serviceArea`: each locality whole; null without an area. */
  async resolve(stored: StoredArea): Promise<ServiceArea | null> {
    if (stored.areaLocalityId === null || stored.areaRadiusKm === null) return null;
    const [locality, extraLocalities, excludedLocalities] = await Promise.all([
      this.localities.findById(stored.areaLocalityId),
      this.localities.findByIds(stored.areaExtraLocalityIds),
      this.localities.findByIds(stored.areaExcludedLocalityIds),
    ]);
    // The foreign key keeps the base a locality; the lists only ever hold ids checked on the way in.
    if (!locality) return null;
    return { locality, radiusKm: stored.areaRadiusKm, extraLocalities, excludedLocalities };
  }
}
