import { z } from 'zod';
import { bodyObject } from '../validation/schemas';

export const PROFESSION_NAME_MAX = 60;

export const PROFESSION_MESSAGES = {
  nameRequired: 'El nombre de la profesion es obligatorio',
  nameTooLong: `El nombre no puede superar ${PROFESSION_NAME_MAX} caracteres`,
  nameMarkup: 'El nombre no puede contener < ni >',
} as const;

/** `POST /home/professions` ("Crear"): the name, spaces collapsed and lower-cased as the catalogue stores it. */
export const createProfessionSchema = bodyObject({
  name: z
    .string({ error: PROFESSION_MESSAGES.nameRequired })
    .transform((name) => name.replace(/\s+/g, ' ').trim().toLowerCase())
    .pipe(
      z
        .string()
        .min(1, PROFESSION_MESSAGES.nameRequired)
        .max(PROFESSION_NAME_MAX, PROFESSION_MESSAGES.nameTooLong)
        .regex(/^[^<>]*$/, PROFESSION_MESSAGES.nameMarkup),
    ),
});
