import { dateRangeQuerySchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Queries of the calendar routes: the shared schemas, validated by the global pipe and shown in /docs.
export class DateRangeQueryDto extends createZodDto(dateRangeQuerySchema) {}
