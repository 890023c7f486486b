import { georefLocalities, readGeorefLocalities } from './georef-import';

const record = (id: string | undefined, nombre: string, provincia: string, centroide: { lat: number; lon: number } | undefined) => ({
  id,
  nombre,
  provincia: { nombre: provincia },
  departamento: { nombre: 'Capital' },
  centroide,
});

describe('georefLocalities', () => {
  it('keeps same-named places of two provinces, skips records it cannot place and repeated ids, saying why', () => {
    const result = georefLocalities({
      localidades: [
        record('0601234001', 'Castelar', 'Buenos Aires', { lat: -34.65, lon: -58.64 }),
        record('2201234001', 'Castelar', 'Chaco', { lat: -26.98, lon: -59.33 }),
        record(undefined, 'Tolhuin', 'Tierra del Fuego', undefined),
        record('0601234001', 'Castelar', 'Buenos Aires', { lat: -34.65, lon: -58.64 }),
        record('12ab', 'Raro', 'Salta', { lat: 95, lon: -65 }),
      ],
    });
    expect(result.localities.map((l) => `${l.name}, ${l.province}`)).toEqual(['Castelar, Buenos Aires', 'Castelar, Chaco']);
    expect(result.skipped).toEqual([
      { name: 'Tolhuin', province: 'Tierra del Fuego', reason: 'sin id, sin centroide' },
      { name: 'Castelar', province: 'Buenos Aires', reason: 'id 0601234001 repetido' },
      { name: 'Raro', province: 'Salta', reason: 'id inválido "12ab", sin centroide' },
    ]);
  });

  it('refuses a file that is not a Georef answer', () => {
    expect(() => georefLocalities({ results: [] })).toThrow('El archivo de localidades no tiene la lista "localidades" de Georef');
  });

  it('reads the shipped file: every locality but the three of Tierra del Fuego without id or centroid', () => {
    const { localities, skipped } = readGeorefLocalities();
    expect(localities).toHaveLength(4036);
    expect(skipped.map((s) => s.name).sort()).toEqual(['Cullen', 'San Sebastián', 'Tolhuin']);
    expect(new Set(skipped.map((s) => s.reason))).toEqual(new Set(['sin id, sin centroide']));
    expect(localities.find((l) => l.id === '0204201001')).toMatchObject({ name: 'Caballito', province: 'Ciudad Autónoma de Buenos Aires' });
  });
});
