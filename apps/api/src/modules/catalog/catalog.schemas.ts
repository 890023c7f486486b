import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DAYS } from '@oficios/domain';

/** OpenAPI shapes of the catalogue answers (the types themselves live in libs/domain). */
export class ProfessionSchema {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'plomero' }) name: string;
}

export class ProfessionalSchema {
  @ApiProperty() id: number;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty() phoneNumber: string;
  @ApiProperty() address: string;
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
}

export class ProfessionalDetailSchema extends ProfessionalSchema {
  @ApiPropertyOptional({ nullable: true, type: String }) aboutMe: string | null;
}

export class ListingPageSchema {
  @ApiProperty({ type: [ProfessionalSchema] }) items: ProfessionalSchema[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}
