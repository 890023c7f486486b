import { normalizeSearchText } from '../catalog/text';

/** A locality of Argentina (Georef AR, INDEC id), as every answer shows it: always with its province. */
export interface Locality {
  /** INDEC id, as text (it has leading zeros): "0204201001". */
  id: string;
  name: string;
  department: string;
  province: string;
  lat: number;
  lon: number;
}

/** "Caballito, Ciudad Autónoma de Buenos Aires": names repeat across provinces, so a place is never shown without it. */
export function localityLabel(locality: Pick<Locality, 'name' | 'province'>): string {
  return `${locality.name}, ${locality.province}`;
}

/** An INDEC locality id: 8 to 10 digits. */
export const LOCALITY_ID_PATTERN = /^\d{8,10}$/;

export function isLocalityId(value: unknown): value is string {
  return typeof value === 'string' && LOCALITY_ID_PATTERN.test(value);
}

/**
 * Radius of the sphere distances are measured on, in km: Postgres earthdistance's `earth()`, so the listing's SQL and
 * these rules give the same distance for the same two places.
 */
export const EARTH_RADIUS_KM = 6378.168;

/** Great-circle distance in km between two points, unrounded. */
export function distanceKmBetween(a: Pick<Locality, 'lat' | 'lon'>, b: Pick<Locality, 'lat' | 'lon'>): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the answers give it (`distanceKm`) and the area rules compare it: km to one decimal. */
export function roundDistanceKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** The form localities are searched by: the domain's search text (lower case, no accents, single spaces). */
export function localitySearchKey(text: string): string {
  return normalizeSearchText(text);
}
