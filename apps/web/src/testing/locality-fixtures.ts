import type { Locality } from '@oficios/domain';

/** Real Georef AR localities (INDEC ids, centroids) for the web's tests. */
export const CABALLITO: Locality = {
  id: '0204201001',
  name: 'Caballito',
  department: 'Comuna 6',
  province: 'Ciudad Autónoma de Buenos Aires',
  lat: -34.6162746708976,
  lon: -58.4405512892781,
};

export const PALERMO: Locality = {
  id: '0209801001',
  name: 'Palermo',
  department: 'Comuna 14',
  province: 'Ciudad Autónoma de Buenos Aires',
  lat: -34.5812372422911,
  lon: -58.421015206853,
};

export const ROSARIO: Locality = {
  id: '82084270',
  name: 'Rosario',
  department: 'Rosario',
  province: 'Santa Fe',
  lat: -32.9472133838031,
  lon: -60.6331755763544,
};

/** Two Castelar: one in Buenos Aires (Morón), one in Santa Fe. */
export const CASTELAR_BUENOS_AIRES: Locality = {
  id: '0656801001',
  name: 'Castelar',
  department: 'Morón',
  province: 'Buenos Aires',
  lat: -34.6518205338135,
  lon: -58.6460475077958,
};

export const CASTELAR_SANTA_FE: Locality = {
  id: '82126040',
  name: 'Castelar',
  department: 'San Martín',
  province: 'Santa Fe',
  lat: -31.6685679305441,
  lon: -62.0901355657806,
};

export const LOCALITIES = [CABALLITO, PALERMO, ROSARIO, CASTELAR_BUENOS_AIRES, CASTELAR_SANTA_FE];

/** Stub routes answering GET /home/localities?search= (name prefix, accent-insensitive) and /home/localities/{id}. */
export function localityRoutes(localities: Locality[] = LOCALITIES) {
  const key = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  return {
    '/home/localities': (url: URL) => ({
      body: localities.filter((locality) => key(locality.name).startsWith(key(url.searchParams.get('search') ?? ''))).slice(0, 10),
    }),
    '/home/localities/*': (url: URL) => {
      const locality = localities.find((candidate) => candidate.id === decodeURIComponent(url.pathname.split('/').pop() ?? ''));
      return locality ? { body: locality } : { status: 404, body: { statusCode: 404, message: 'Localidad no encontrada' } };
    },
  };
}
