import { addToCartSchema, cartMergeSchema, cartPlaceSchema, changeCartDaySchema, jobRequestSchema } from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Bodies of the cart routes: the shared schemas, validated by the global pipe and shown in /docs.
export class AddToCartDto extends createZodDto(addToCartSchema) {}
export class ChangeCartDayDto extends createZodDto(changeCartDaySchema) {}
export class CartMergeDto extends createZodDto(cartMergeSchema) {}
export class JobRequestDto extends createZodDto(jobRequestSchema) {}
export class CartPlaceDto extends createZodDto(cartPlaceSchema) {}
