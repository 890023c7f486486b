import { coversLocality, distanceKmBetween, kmText, roundDistanceKm, type Locality, type ServiceArea } from '@oficios/domain';

/** Whether a professional's area reaches a place, and the sentence the detail page says it with. */
export interface Reach {
  reaches: boolean;
  text: string;
}

/**
 * "Llega a Caballito (a 3,2 km)" or "No trabaja en Rosario: está a 280 km y su zona es Caballito y hasta 15 km", by
 * the same rules (and the same distance) as the listing and the cart; null for a professional without an area, who
 * works everywhere until they set one.
 */
export function reachOf(area: ServiceArea | null, place: Locality): Reach | null {
  if (area === null) return null;
  const distanceKm = roundDistanceKm(distanceKmBetween(area.locality, place));
  const reach = {
    radiusKm: area.radiusKm,
    extraLocalityIds: area.extraLocalities.map((locality) => locality.id),
    excludedLocalityIds: area.excludedLocalities.map((locality) => locality.id),
  };
  if (coversLocality(reach, place.id, distanceKm)) return { reaches: true, text: `Llega a ${place.name} (a ${kmText(distanceKm)} km)` };
  const why = reach.excludedLocalityIds.includes(place.id)
    ? `la excluye de su zona (${area.locality.name} y hasta ${kmText(area.radiusKm)} km)`
    : `está a ${kmText(distanceKm)} km y su zona es ${area.locality.name} y hasta ${kmText(area.radiusKm)} km`;
  return { reaches: false, text: `No trabaja en ${place.name}: ${why}` };
}
