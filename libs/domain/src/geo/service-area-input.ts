import { z } from 'zod';
import { isLocalityId } from './locality';
import { SERVICE_AREA_LIMITS, SERVICE_AREA_MESSAGES, type ServiceAreaInput } from './service-area';

// Apart from service-area.ts, whose rules the web's pages use: their bundle does not carry zod.
const localityIdSchema = z.string({ error: SERVICE_AREA_MESSAGES.locality }).trim().refine(isLocalityId, SERVICE_AREA_MESSAGES.locality);
const unique = (ids: string[]) => [...new Set(ids)];

/** A service area as sent; the localities' existence is checked by the API (SERVICE_AREA_MESSAGES.unknownLocality). */
export const serviceAreaInputSchema = z
  .object(
    {
      localityId: localityIdSchema,
      radiusKm: z
        .number({ error: SERVICE_AREA_MESSAGES.radius })
        .int(SERVICE_AREA_MESSAGES.radius)
        .min(SERVICE_AREA_LIMITS.minRadiusKm, SERVICE_AREA_MESSAGES.radius)
        .max(SERVICE_AREA_LIMITS.maxRadiusKm, SERVICE_AREA_MESSAGES.radius),
      extraLocalityIds: z
        .array(localityIdSchema)
        .default([])
        .transform(unique)
        .refine((ids) => ids.length <= SERVICE_AREA_LIMITS.maxExtraLocalities, SERVICE_AREA_MESSAGES.tooManyExtra),
      excludedLocalityIds: z
        .array(localityIdSchema)
        .default([])
        .transform(unique)
        .refine((ids) => ids.length <= SERVICE_AREA_LIMITS.maxExcludedLocalities, SERVICE_AREA_MESSAGES.tooManyExcluded),
    },
    { error: SERVICE_AREA_MESSAGES.required },
  )
  .superRefine((area, ctx) => {
    if (area.excludedLocalityIds.includes(area.localityId))
      ctx.addIssue({ code: 'custom', path: ['excludedLocalityIds'], message: SERVICE_AREA_MESSAGES.baseExcluded });
    if (area.extraLocalityIds.some((id) => area.excludedLocalityIds.includes(id)))
      ctx.addIssue({ code: 'custom', path: ['excludedLocalityIds'], message: SERVICE_AREA_MESSAGES.extraAndExcluded });
  })
  .transform((area): ServiceAreaInput => ({ ...area, extraLocalityIds: area.extraLocalityIds.filter((id) => id !== area.localityId) }));

/** The answered area ({locality, extraLocalities, excludedLocalities}) read as the written one (ids). */
function writtenFromAnswered(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || 'localityId' in value || !('locality' in value)) return value;
  const area = value as { locality?: unknown; radiusKm?: unknown; extraLocalities?: unknown; excludedLocalities?: unknown };
  const idOf = (locality: unknown) => (locality !== null && typeof locality === 'object' ? (locality as { id?: unknown }).id : locality);
  const idsOf = (list: unknown) => (Array.isArray(list) ? list.map(idOf) : (list ?? []));
  return {
    localityId: idOf(area.locality),
    radiusKm: area.radiusKm,
    extraLocalityIds: idsOf(area.extraLocalities),
    excludedLocalityIds: idsOf(area.excludedLocalities),
  };
}

/** What the editors take: the written area, or the area as the answers show it (an editor may send back what it read). */
export const serviceAreaEditSchema = z.preprocess(writtenFromAnswered, serviceAreaInputSchema);
