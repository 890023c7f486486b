import { createProfessionSchema, professionalEditSchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Bodies of the administrators' catalogue routes: the shared schemas, validated by the global pipe.
export class ProfessionalEditDto extends createZodDto(professionalEditSchema) {}
export class CreateProfessionDto extends createZodDto(createProfessionSchema) {}
