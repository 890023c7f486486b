import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI shapes of the reviews answers (the types themselves live in libs/domain). */
export class ReviewClientSchema {
  @ApiProperty() id: number;
  @ApiProperty() firstName: string;
  @ApiProperty({ nullable: true, type: String }) profileImg: string | null;
}

export class ReviewSchema {
  @ApiProperty() id: number;
  @ApiProperty() clientId: number;
  @ApiProperty() professionalId: number;
  @ApiProperty() comment: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating: number;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: ReviewClientSchema }) client: ReviewClientSchema;
}
