/** The listing route for a profession name (as the catalogue spells it), or the whole listing. */
export function professionPath(name?: string | null): string {
  return name ? `/home/${encodeURIComponent(name)}` : '/home';
}
