import type { IsoDate } from '@oficios/domain';
import type { ValueTransformer } from 'typeorm';

/** A date as node-postgres hands it back: a string, or a Date at local midnight (its default parser for `date`). */
function isoDateFromDb(value: string | Date): IsoDate {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** `date[]` columns are ISO dates (`YYYY-MM-DD`) in the entities, ascending, whatever parser read them. */
export const isoDatesTransformer: ValueTransformer = {
  to: (value: IsoDate[] | undefined) => value,
  from: (value: (string | Date)[] | string | null) => {
    if (value === null) return [];
    // An unparsed array literal ('{2026-12-07,2026-12-14}') when no array parser applied.
    const items =
      typeof value === 'string'
        ? value
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean)
        : value;
    return items.map(isoDateFromDb).sort();
  },
};

/** A single `date` column as an ISO date. */
export const isoDateTransformer: ValueTransformer = {
  to: (value: IsoDate | undefined) => value,
  from: (value: string | Date | null) => (value === null ? null : isoDateFromDb(value)),
};
