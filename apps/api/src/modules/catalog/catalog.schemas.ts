import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DAYS, SERVICE_AREA_LIMITS } from '@oficios/domain';
import { LocalitySchema } from '../localities';

/** OpenAPI shapes of the catalogue answers (the types themselves live in libs/domain). */
export class ProfessionSchema {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'plomero' }) name: string;
}

const HIDDEN = 'Always null here: the contact is GET /api/professionals/{id}/contact, for those entitled to it';

export class ProfessionalSchema {
  @ApiProperty() id: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ nullable: true, type: String, description: HIDDEN }) email: null;
  @ApiProperty({ nullable: true, type: String, description: HIDDEN }) phoneNumber: null;
  @ApiProperty({ nullable: true, type: String, description: HIDDEN }) address: null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'Balvanera',
    description:
      "Where the professional works: its service area's base locality, else the part of its address after the last comma; null when unknown",
  })
  locality: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'http://localhost:3001/avatars/LG-210.svg',
    description: 'Absolute (PUBLIC_API_URL)',
  })
  profileImg: string | null;
  @ApiProperty({ type: [ProfessionSchema] }) professions: ProfessionSchema[];
  @ApiProperty({ enum: DAYS, isArray: true }) availableDays: string[];
  @ApiProperty({ example: 15000 }) dayPrice: number;
  @ApiProperty({ minimum: 0, maximum: 5, description: 'Whole stars: rounded mean of the reviews, 0 without reviews' }) rating: number;
  @ApiProperty({ description: 'Number of reviews' }) reputation: number;
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    example: 3.2,
    description: 'Only with near: km from the service area base to that locality, one decimal; null without an area',
  })
  distanceKm?: number | null;
}

/** Where a professional works: a base locality and a radius, plus localities also covered and left out. */
export class ServiceAreaSchema {
  @ApiProperty({ type: LocalitySchema, description: 'The base locality' }) locality: LocalitySchema;
  @ApiProperty({ minimum: SERVICE_AREA_LIMITS.minRadiusKm, maximum: SERVICE_AREA_LIMITS.maxRadiusKm, example: 15 }) radiusKm: number;
  @ApiProperty({ type: [LocalitySchema], description: 'Also covered, wherever they are' }) extraLocalities: LocalitySchema[];
  @ApiProperty({ type: [LocalitySchema], description: 'Never covered, even inside the radius' }) excludedLocalities: LocalitySchema[];
}

export class ProfessionalDetailSchema extends ProfessionalSchema {
  @ApiPropertyOptional({ nullable: true, type: String }) aboutMe: string | null;
  @ApiProperty({
    type: ServiceAreaSchema,
    nullable: true,
    description: 'null for a professional who has not set one (listed everywhere)',
  })
  serviceArea: ServiceAreaSchema | null;
}

export class ListingPageSchema {
  @ApiProperty({ type: [ProfessionalSchema] }) items: ProfessionalSchema[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}
