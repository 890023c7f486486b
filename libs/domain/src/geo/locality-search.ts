import { z } from 'zod';
import { localitySearchKey } from './locality';

// Apart from locality.ts, whose rules the web's first pages use: their bundle does not carry zod.
export const MAX_LOCALITY_SEARCH_LENGTH = 100;

/** `GET /home/localities?search=`: the text, required, at most MAX_LOCALITY_SEARCH_LENGTH characters. */
export const localitySearchSchema = z.object({
  search: z
    .string({ error: 'search es obligatorio' })
    .max(MAX_LOCALITY_SEARCH_LENGTH, `search admite como máximo ${MAX_LOCALITY_SEARCH_LENGTH} caracteres`)
    .refine((text) => localitySearchKey(text.replace(/,/g, ' ')) !== '', 'search es obligatorio'),
});
