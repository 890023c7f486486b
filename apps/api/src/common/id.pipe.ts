import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/** 400 body naming the offending field: `{statusCode, error, message, errors: [{field, message}]}`. */
export function badRequest(errors: { field: string; message: string }[]): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message: errors.map((e) => e.message).join('; '),
    errors,
  });
}

function parseId(raw: string, field: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw badRequest([{ field, message: `${field} debe ser un entero positivo` }]);
  }
  return Number(raw);
}

/** Route ids: positive integers, else 400 naming the parameter. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly field = 'id') {}
  transform(value: string): number {
    return parseId(String(value), this.field);
  }
}

/** Optional id in the query string; absent means undefined. */
@Injectable()
export class OptionalIdQueryPipe implements PipeTransform<unknown, number | undefined> {
  constructor(private readonly field: string) {}
  transform(value: unknown): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw badRequest([{ field: this.field, message: `${this.field} debe ser un entero positivo` }]);
    return parseId(value, this.field);
  }
}
