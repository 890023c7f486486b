import { localityLabel, roundDistanceKm, type Locality } from './locality';

/**
 * Where a professional works: a base locality, a radius around it, and localities it also covers or leaves out. The
 * same rules for the registration, the professional's "Zona de trabajo", the administrators' editor, the listing's
 * "cerca de" and the cart's refusal.
 */
export const SERVICE_AREA_LIMITS = { minRadiusKm: 1, maxRadiusKm: 100, maxExtraLocalities: 30, maxExcludedLocalities: 30 } as const;

export const SERVICE_AREA_MESSAGES = {
  required: 'Indica tu zona de trabajo',
  locality: 'Elige una localidad de la lista',
  unknownLocality: 'Localidad desconocida',
  radius: `El radio debe ser un número entero de kilómetros entre ${SERVICE_AREA_LIMITS.minRadiusKm} y ${SERVICE_AREA_LIMITS.maxRadiusKm}`,
  tooManyExtra: `Se pueden sumar hasta ${SERVICE_AREA_LIMITS.maxExtraLocalities} localidades`,
  tooManyExcluded: `Se pueden excluir hasta ${SERVICE_AREA_LIMITS.maxExcludedLocalities} localidades`,
  baseExcluded: 'La localidad base no puede estar excluida',
  extraAndExcluded: 'Una localidad no puede estar sumada y excluida a la vez',
} as const;

/** The area as written by its editors: locality ids (INDEC), the radius in whole km. */
export interface ServiceAreaInput {
  localityId: string;
  radiusKm: number;
  extraLocalityIds: string[];
  excludedLocalityIds: string[];
}

/** The area as the answers show it (`serviceArea`), each locality whole; null for a professional without one. */
export interface ServiceArea {
  locality: Locality;
  radiusKm: number;
  extraLocalities: Locality[];
  excludedLocalities: Locality[];
}

/** What coverage needs of an area: its radius and the ids it adds and leaves out. */
export type AreaReach = Pick<ServiceAreaInput, 'radiusKm' | 'extraLocalityIds' | 'excludedLocalityIds'>;

/**
 * Whether an area covers a locality at `distanceKm` (rounded as the answers show it, roundDistanceKm) from its base:
 * never an excluded one; an extra one wherever it is; otherwise within the radius. A professional without an area
 * (null) covers every place until they set one.
 */
export function coversLocality(area: AreaReach | null, localityId: string, distanceKm: number): boolean {
  if (area === null) return true;
  if (area.excludedLocalityIds.includes(localityId)) return false;
  if (area.extraLocalityIds.includes(localityId)) return true;
  return distanceKm <= area.radiusKm;
}

/** "12,5": km as the screens write them (one decimal at most, a decimal comma). */
export function kmText(km: number): string {
  const [whole, decimal] = roundDistanceKm(km).toFixed(1).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return decimal === '0' ? grouped : `${grouped},${decimal}`;
}

/** The detail page's line: "Trabaja en Caballito y hasta 15 km". */
export function serviceAreaLine(area: Pick<ServiceArea, 'locality' | 'radiusKm'>): string {
  return `Trabaja en ${area.locality.name} y hasta ${kmText(area.radiusKm)} km`;
}

/** The refusal (409 `outside_service_area`) naming the distance and the area. */
export function outsideServiceAreaMessage(
  professional: { firstName: string; lastName: string },
  area: Pick<ServiceArea, 'locality' | 'radiusKm'>,
  place: Pick<Locality, 'name' | 'province'>,
  distanceKm: number,
): string {
  return (
    `${professional.firstName} ${professional.lastName} no trabaja en ${localityLabel(place)}: ` +
    `está a ${kmText(distanceKm)} km y su zona es ${area.locality.name} y hasta ${kmText(area.radiusKm)} km`
  );
}
