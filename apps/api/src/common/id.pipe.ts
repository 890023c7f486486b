import { Injectable, type PipeTransform } from '@nestjs/common';
import type { FieldError } from '@oficios/domain';
import { invalidInput } from './errors/app-errors';

/** 400 naming the offending fields, in the API's one error shape. */
export const badRequest = (errors: FieldError[]) => invalidInput(errors);

/** A positive integer id from a route, a query or a JSON body (where a string of digits is accepted too), else 400 naming the field. */
export function bodyId(value: unknown, field: string): number {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    throw badRequest([{ field, message: `${field} debe ser un entero positivo` }]);
  return id;
}

/** `bodyId` for a field that may be left out (undefined or null). */
export function optionalBodyId(value: unknown, field: string): number | undefined {
  return value === undefined || value === null ? undefined : bodyId(value, field);
}

/** Route ids: positive integers, else 400 naming the parameter. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly field = 'id') {}
  transform(value: string): number {
    return bodyId(String(value), this.field);
  }
}

/** Optional id in the query string; absent means undefined. */
@Injectable()
export class OptionalIdQueryPipe implements PipeTransform<unknown, number | undefined> {
  constructor(private readonly field: string) {}
  transform(value: unknown): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw badRequest([{ field: this.field, message: `${this.field} debe ser un entero positivo` }]);
    return bodyId(value, this.field);
  }
}
