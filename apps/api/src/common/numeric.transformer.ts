import type { ValueTransformer } from 'typeorm';

/** Postgres numeric comes back as a string; money and ratings are JSON numbers. */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
