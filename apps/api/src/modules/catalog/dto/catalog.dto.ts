import { nameSearchSchema, listingParamsSchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Queries of the public catalogue routes: the shared schemas, validated by the global pipe and shown in /docs.
export class ProfessionalsQueryDto extends createZodDto(listingParamsSchema) {}
export class NameSearchQueryDto extends createZodDto(nameSearchSchema) {}
