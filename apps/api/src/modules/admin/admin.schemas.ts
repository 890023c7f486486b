import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ProfessionalDetailSchema } from '../catalog';

/** OpenAPI shape of what the administrators' editor loads and saves: the catalogue's detail with the real contact. */
export class ManagedProfessionalSchema extends OmitType(ProfessionalDetailSchema, ['email', 'phoneNumber', 'address'] as const) {
  @ApiProperty() email: string;
  @ApiProperty() phoneNumber: string;
  @ApiProperty({ example: 'Av. Corrientes 1234, Balvanera' }) address: string;
}
