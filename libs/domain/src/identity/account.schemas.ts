import { z } from 'zod';
import { bodyObject, crossFieldRules, fieldIssue } from '../validation/schemas';
import { newPasswordSchema } from './credentials';
import { FIELD_MAX_LENGTHS, isValidEmail, passwordSchema, profileFieldsSchema, REGISTRATION_MESSAGES as M } from './registration';

/** What a mailed link's token may look like; anything else is simply an invalid link. */
export const LINK_MESSAGES = { invalidLink: 'El enlace no es valido o ya expiro' } as const;
const linkTokenSchema = z
  .string({ error: LINK_MESSAGES.invalidLink })
  .min(1, LINK_MESSAGES.invalidLink)
  .max(200, LINK_MESSAGES.invalidLink);

/**
 * `POST /home/user/login`: e-mail and password, or `google: true` after the Google popup (then the e-mail only has
 * to match the Google identity). The e-mail's format is not checked here: a wrong one is just a wrong credential.
 */
export const loginSchema = bodyObject({
  email: z.string({ error: M.email }).trim().toLowerCase().max(FIELD_MAX_LENGTHS.email, M.emailFormat).optional().default(''),
  password: z.string({ error: M.password }).max(FIELD_MAX_LENGTHS.password, M.tooLong).optional(),
  google: z.boolean({ error: 'google debe ser true o false' }).optional(),
}).check(
  crossFieldRules((body, ctx) => {
    if (body.google === true) return;
    if (typeof body.email !== 'string' || body.email.trim() === '') fieldIssue(ctx, 'email', M.email);
    if (typeof body.password !== 'string' || body.password === '') fieldIssue(ctx, 'password', M.password);
  }),
);
export type LoginInput = z.output<typeof loginSchema>;
/** What a client sends to sign in. */
export type LoginBody = z.input<typeof loginSchema>;

/** `POST /home/user/password/forgot`. */
export const forgotPasswordSchema = bodyObject({
  email: z
    .string({ error: M.emailFormat })
    .trim()
    .max(FIELD_MAX_LENGTHS.email, M.emailFormat)
    .refine(isValidEmail, M.emailFormat)
    .toLowerCase(),
});

/** `POST /home/user/password/reset`: the mailed link's token and the new password. */
export const resetPasswordSchema = bodyObject({ token: linkTokenSchema, password: passwordSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

/** `POST /home/user/email/verify`: the mailed link's token. */
export const verifyEmailSchema = bodyObject({ token: linkTokenSchema });

/**
 * `PUT /api/clients/{id}`: the profile fields (blank keeps the current value), a new password (blank: no change) and
 * the caller's current password, which a new e-mail or password needs.
 */
export const clientUpdateSchema = profileFieldsSchema.extend({
  password: newPasswordSchema,
  currentPassword: z.string({ error: M.password }).max(FIELD_MAX_LENGTHS.password, M.tooLong).optional(),
});
export type ClientUpdate = z.output<typeof clientUpdateSchema>;
/** What the profile edit sends: only the changed fields. */
export type ClientUpdateBody = z.input<typeof clientUpdateSchema>;
