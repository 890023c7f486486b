import { createReviewSchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

/** `POST /api/reviews` body: the shared schema, validated by the global pipe and shown in /docs. */
export class CreateReviewDto extends createZodDto(createReviewSchema) {}
