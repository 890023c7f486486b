/**
 * Lower-case, accent-free, single-spaced form of a text. Names are searched and
 * sorted by this form, so "Álvaro" and "alvaro" sort and match together; the
 * database stores it (users.search_name) so SQL and these rules agree.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Key the listing sorts names by: first name, then last name. */
export function nameSortKey(firstName: string, lastName: string): string {
  return normalizeSearchText(`${firstName} ${lastName}`);
}

/** "técnico PC" -> "Técnico PC": first letter of the first word only. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Profession names compare case-insensitively (spec: listing filter). */
export function professionKey(name: string): string {
  return name.trim().toLowerCase();
}
