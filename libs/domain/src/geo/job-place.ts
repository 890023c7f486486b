import { z } from 'zod';
import { isLocalityId, roundDistanceKm, distanceKmBetween, type Locality } from './locality';
import { coversLocality, outsideServiceAreaMessage, type AreaReach } from './service-area';

export const JOB_PLACE_STREET_MAX = 200;

export const JOB_PLACE_MESSAGES = {
  required: 'Indica dónde es el trabajo',
  locality: 'Elige la localidad del trabajo de la lista',
  street: 'Indica la calle y el número del trabajo',
  streetTooLong: `La calle admite como máximo ${JOB_PLACE_STREET_MAX} caracteres`,
  accountLocality: 'Elige tu localidad de la lista',
} as const;

/** A locality id as the forms send it (INDEC); whether it exists is the API's to say (`unknown_locality`). */
export const localityIdFieldSchema = (message: string = JOB_PLACE_MESSAGES.accountLocality) =>
  z.string({ error: message }).trim().refine(isLocalityId, message);

/** Where a job is, as written (`PUT /api/cart/place`, a checkout's `place`): a locality id and the street. */
export const jobPlaceInputSchema = z.object(
  {
    localityId: localityIdFieldSchema(JOB_PLACE_MESSAGES.locality),
    street: z
      .string({ error: JOB_PLACE_MESSAGES.street })
      .trim()
      .min(1, JOB_PLACE_MESSAGES.street)
      .max(JOB_PLACE_STREET_MAX, JOB_PLACE_MESSAGES.streetTooLong),
  },
  { error: JOB_PLACE_MESSAGES.required },
);
export type JobPlaceInput = z.output<typeof jobPlaceInputSchema>;

/** Where a cart's job is: its locality whole and the street. */
export interface JobPlace {
  locality: Locality;
  street: string;
  /** True while the cart names no place of its own and the client's address stands for it. */
  fromAccount?: boolean;
}

/** A locality as an order keeps it (a snapshot: the order's place never changes with the data). */
export type LocalitySnapshot = Pick<Locality, 'id' | 'name' | 'department' | 'province'>;

/** Where an order's job is, as it was when the client checked out. */
export interface OrderPlace {
  locality: LocalitySnapshot;
  street: string;
}

/** A professional's area as the cover test needs it: the base's coordinates and what it adds and leaves out. */
export type AreaWithBase = AreaReach & { base: Locality };

/**
 * What a cart line, a 409 `outside_service_area` and the place change's refusal say of a professional the job's place
 * is outside of: the distance from the base, the radius, the job's locality and the Spanish message.
 */
export interface OutsideServiceArea {
  professionalId: number;
  distanceKm: number;
  radiusKm: number;
  /** The job's locality (where the professional does not work). */
  locality: Locality;
  /** The professional's base locality. */
  areaLocality: Locality;
  message: string;
}

/** How far a professional's base is from the job's place (null without an area), and whether it is outside the area. */
export interface PlaceReach {
  distanceKm: number | null;
  outside: OutsideServiceArea | null;
}

/**
 * A professional's reach of the job's place: the rounded great-circle distance from the base (the one definition of
 * `distanceKm`) and, when the area does not cover it, the refusal. No area: covers everything, no distance.
 */
export function placeReach(
  professional: { id: number; firstName: string; lastName: string },
  area: AreaWithBase | null,
  place: Locality,
): PlaceReach {
  if (area === null) return { distanceKm: null, outside: null };
  const distanceKm = roundDistanceKm(distanceKmBetween(area.base, place));
  if (coversLocality(area, place.id, distanceKm)) return { distanceKm, outside: null };
  return {
    distanceKm,
    outside: {
      professionalId: professional.id,
      distanceKm,
      radiusKm: area.radiusKm,
      locality: place,
      areaLocality: area.base,
      message: outsideServiceAreaMessage(professional, { locality: area.base, radiusKm: area.radiusKm }, place, distanceKm),
    },
  };
}
