/** The professional id of a `/detail/:id` path segment: a positive whole number, else null (the page says "not found"). */
export function detailIdOf(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
