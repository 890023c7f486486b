import { localitySearchSchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

export class LocalitySearchQueryDto extends createZodDto(localitySearchSchema) {}
