import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI shape of a locality (the type lives in libs/domain). */
export class LocalitySchema {
  @ApiProperty({ example: '0204201001', description: 'INDEC id (text: it has leading zeros)' }) id: string;
  @ApiProperty({ example: 'Caballito' }) name: string;
  @ApiProperty({ example: 'Comuna 6' }) department: string;
  @ApiProperty({ example: 'Ciudad Autónoma de Buenos Aires' }) province: string;
  @ApiProperty({ example: -34.6162746708976 }) lat: number;
  @ApiProperty({ example: -58.4405512892781 }) lon: number;
}
