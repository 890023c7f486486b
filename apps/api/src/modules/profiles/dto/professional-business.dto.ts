import { businessChangesSchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

/** `PATCH /api/professionals/me`: the shared rule of "Mi negocio", validated by the global pipe. */
export class BusinessChangesDto extends createZodDto(businessChangesSchema) {}
