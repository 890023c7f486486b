import { distanceKmBetween, roundDistanceKm, SERVICE_AREA_LIMITS, type Locality, type ServiceAreaInput } from '@oficios/domain';
import { createRandom, pick } from './demo-data';

/**
 * Service areas for a large generated catalogue (benchmarks): spread over the country as people are, most around the
 * big cities (AMBA first), the rest anywhere; radii short in Buenos Aires, longer in other cities, longest in the
 * country; a few professionals with extra or excluded localities, and some with no area yet.
 */

type Place = Pick<Locality, 'id' | 'name' | 'lat' | 'lon'>;

interface Hub {
  /** The city's locality (INDEC id). */
  id: string;
  /** Share of the catalogue based around it, in percent. */
  weight: number;
  /** Bases are localities within this many km of it. */
  spreadKm: number;
  /** Radius in km for a uniform draw u in [0, 1). */
  radius: (u: number) => number;
}

const AMBA_RADIUS = (u: number) => 5 + Math.floor(u * u * 26);
const CITY_RADIUS = (u: number) => 8 + Math.floor(u ** 1.5 * 43);
const COUNTRY_RADIUS = (u: number) => 15 + Math.floor(u * 86);

const city = (id: string, weight: number, spreadKm = 25): Hub => ({ id, weight, spreadKm, radius: CITY_RADIUS });

const HUBS: Hub[] = [
  { id: '0204201001', weight: 38, spreadKm: 45, radius: AMBA_RADIUS }, // Caballito: CABA and the Gran Buenos Aires
  city('14014010', 5), // Córdoba
  city('82084270', 4.5), // Rosario
  city('50007010', 3.5, 30), // Mendoza
  city('90084010', 3), // San Miguel de Tucumán
  city('06441030', 2.5, 15), // La Plata
  city('06357110', 2, 20), // Mar del Plata
  city('66028050', 2), // Salta
  city('82063170', 1.5), // Santa Fe
  city('70028010', 1.5), // San Juan
  city('22140060', 1.2, 20), // Resistencia
  city('58035070', 1.2, 30), // Neuquén
  city('18021020', 1, 20), // Corrientes
  city('54028030', 1), // Posadas
  city('06056010', 1, 20), // Bahía Blanca
  city('86049110', 1, 20), // Santiago del Estero
  city('30084160', 1, 20), // Paraná
  city('38021060', 1), // San Salvador de Jujuy
  city('10049030', 0.7), // San Fernando del Valle de Catamarca
  city('62021060', 0.7), // San Carlos de Bariloche
];
/** The rest of the areas: based anywhere in the country. */
const COUNTRY_WEIGHT = 20;
const WITHOUT_AREA = 0.05;
const WITH_EXTRAS = 0.06;
const WITH_EXCLUSIONS = 0.04;

export function generatedAreas(localities: Place[], count: number, seed: number): (ServiceAreaInput | null)[] {
  const random = createRandom(seed);
  const byId = new Map(localities.map((l) => [l.id, l]));
  const regions = [
    ...HUBS.flatMap((hub) => {
      const centre = byId.get(hub.id);
      if (!centre) return [];
      const bases = localities.filter((l) => distanceKmBetween(centre, l) <= hub.spreadKm);
      return [{ weight: hub.weight, bases, radius: hub.radius }];
    }),
    { weight: COUNTRY_WEIGHT, bases: localities, radius: COUNTRY_RADIUS },
  ];
  const totalWeight = regions.reduce((sum, region) => sum + region.weight, 0);
  const regionOf = (u: number) => {
    let left = u * totalWeight;
    for (const region of regions) if ((left -= region.weight) < 0) return region;
    return regions[regions.length - 1];
  };

  return Array.from({ length: count }, () => {
    if (random() < WITHOUT_AREA) return null;
    const region = regionOf(random());
    const base = pick(random, region.bases);
    const radiusKm = Math.min(SERVICE_AREA_LIMITS.maxRadiusKm, region.radius(random()));
    const area: ServiceAreaInput = { localityId: base.id, radiusKm, extraLocalityIds: [], excludedLocalityIds: [] };
    const withExtras = random() < WITH_EXTRAS;
    const withExclusions = random() < WITH_EXCLUSIONS;
    if (withExtras || withExclusions) {
      const around = localities
        .map((l) => ({ id: l.id, km: roundDistanceKm(distanceKmBetween(base, l)) }))
        .filter((l) => l.id !== base.id && l.km <= radiusKm + 40);
      // A town or two just past the radius; a locality or two inside it left out.
      const beyond = around.filter((l) => l.km > radiusKm);
      const inside = around.filter((l) => l.km <= radiusKm);
      if (withExtras && beyond.length > 0) area.extraLocalityIds = pickDistinct(random, beyond, 1 + Math.floor(random() * 3));
      if (withExclusions && inside.length > 0) area.excludedLocalityIds = pickDistinct(random, inside, 1 + Math.floor(random() * 2));
    }
    return area;
  });
}

function pickDistinct(random: () => number, items: { id: string }[], count: number): string[] {
  const ids = new Set<string>();
  for (let tries = 0; ids.size < Math.min(count, items.length) && tries < count * 4; tries++) ids.add(pick(random, items).id);
  return [...ids];
}
