import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isLocalityId, type Locality } from '@oficios/domain';

/** The Georef AR export the API ships (apps/api/data, see its README): the same path from src and from dist. */
export const GEOREF_LOCALITIES_FILE = join(__dirname, '..', '..', '..', 'data', 'georef-localidades.json.gz');

/** A record the import left out, and why (in Spanish, as the migration reports it). */
export interface SkippedLocality {
  name: string;
  province: string;
  reason: string;
}

export interface GeorefImport {
  localities: Locality[];
  skipped: SkippedLocality[];
}

interface GeorefRecord {
  id?: unknown;
  nombre?: unknown;
  provincia?: { nombre?: unknown } | null;
  departamento?: { nombre?: unknown } | null;
  centroide?: { lat?: unknown; lon?: unknown } | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const coordinate = (value: unknown, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;

/**
 * The localities of a Georef `localidades` answer that can be placed and told apart: each with an INDEC id, a name, a
 * province and a centroid, ids once. The rest are skipped with their reason; same-named places are all kept (the
 * province tells them apart).
 */
export function georefLocalities(answer: unknown): GeorefImport {
  const records = (answer as { localidades?: unknown } | null)?.localidades;
  if (!Array.isArray(records)) throw new Error('El archivo de localidades no tiene la lista "localidades" de Georef');
  const localities: Locality[] = [];
  const skipped: SkippedLocality[] = [];
  const seen = new Set<string>();
  for (const record of records as GeorefRecord[]) {
    const name = text(record?.nombre);
    const province = text(record?.provincia?.nombre);
    const id = text(record?.id);
    const lat = coordinate(record?.centroide?.lat, 90);
    const lon = coordinate(record?.centroide?.lon, 180);
    const missing = [
      !isLocalityId(id) && (id === '' ? 'sin id' : `id inválido "${id}"`),
      name === '' && 'sin nombre',
      province === '' && 'sin provincia',
      (lat === null || lon === null) && 'sin centroide',
    ].filter((reason): reason is string => typeof reason === 'string');
    if (missing.length > 0)
      skipped.push({ name: name || '(sin nombre)', province: province || '(sin provincia)', reason: missing.join(', ') });
    else if (seen.has(id)) skipped.push({ name, province, reason: `id ${id} repetido` });
    else {
      seen.add(id);
      localities.push({ id, name, department: text(record.departamento?.nombre), province, lat: lat!, lon: lon! });
    }
  }
  return { localities, skipped };
}

/** georefLocalities of the shipped file. */
export function readGeorefLocalities(file = GEOREF_LOCALITIES_FILE): GeorefImport {
  return georefLocalities(JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')));
}
