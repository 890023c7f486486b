import { localitySearchKey, type Locality } from '@oficios/domain';

/** Names people type for a province instead of its own ("caba" for the Ciudad Autónoma de Buenos Aires). */
const PROVINCE_ALIASES: Record<string, string[]> = {
  'ciudad autonoma de buenos aires': ['caba', 'capital federal', 'ciudad de buenos aires', 'capital'],
  'tierra del fuego, antartida e islas del atlantico sur': ['tierra del fuego'],
};

interface Entry {
  locality: Locality;
  name: string;
  province: string;
  aliases: string[];
}

/**
 * Localities by the text people type, in memory (4,036 of them: a search is a pass over an array, well under a
 * millisecond): accent- and case-insensitive; "name, province" narrows by province. Best first: the exact name, a
 * province named or abbreviated (its localities), a name starting with the text, a word of the name starting with it,
 * then the text anywhere in the name; within each, shorter names first, then by name and province.
 */
export class LocalityIndex {
  private readonly entries: Entry[];

  constructor(localities: Locality[]) {
    this.entries = localities
      .map((locality) => {
        const province = localitySearchKey(locality.province);
        return { locality, name: localitySearchKey(locality.name), province, aliases: PROVINCE_ALIASES[province] ?? [] };
      })
      .sort((a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name) || a.province.localeCompare(b.province));
  }

  search(text: string, limit: number): Locality[] {
    const [rawName, ...rest] = text.split(',');
    const name = localitySearchKey(rawName);
    const province = localitySearchKey(rest.join(','));
    if (name === '' && province === '') return [];
    const ranked: Entry[][] = [[], [], [], [], []];
    for (const entry of this.entries) {
      if (province !== '' && !this.provinceMatches(entry, province)) continue;
      const rank = this.rank(entry, name, province === '');
      if (rank !== null) ranked[rank].push(entry);
    }
    return ranked
      .flat()
      .slice(0, limit)
      .map((entry) => entry.locality);
  }

  private provinceMatches(entry: Entry, province: string): boolean {
    return entry.province.startsWith(province) || entry.aliases.some((alias) => alias.startsWith(province));
  }

  private rank(entry: Entry, name: string, provinceByName: boolean): number | null {
    if (name === '') return 1;
    if (entry.name === name) return 0;
    if (provinceByName && (entry.province === name || entry.aliases.includes(name))) return 1;
    if (entry.name.startsWith(name)) return 2;
    if (entry.name.includes(` ${name}`)) return 3;
    if (entry.name.includes(name)) return 4;
    return null;
  }
}
