import { ApiProperty } from '@nestjs/swagger';

/** `GET /api/professionals/{id}/contact`: what the public catalogue answers hide. */
export class ProfessionalContactSchema {
  @ApiProperty() email: string;
  @ApiProperty() phoneNumber: string;
  @ApiProperty({ example: 'Av. Corrientes 1234, Balvanera' }) address: string;
}
