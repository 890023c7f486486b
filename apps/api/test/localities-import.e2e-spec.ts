import { distanceKmBetween, roundDistanceKm } from '@oficios/domain';
import { localityImportReport } from '../src/database/migrate';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const caballito = { lat: -34.6162746708976, lon: -58.4405512892781 };
const rosario = { lat: -32.9472133838031, lon: -60.6331755763544 };

describe('localities import (migration Localities)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('loads every placeable locality with its point and reports the three it skipped, with why', async () => {
    expect(await localityImportReport(db.dataSource)).toEqual([
      'Localidades: 4036 importadas, 3 omitidas',
      '  omitida: Cullen (Tierra del Fuego, Antártida e Islas del Atlántico Sur): sin id, sin centroide',
      '  omitida: San Sebastián (Tierra del Fuego, Antártida e Islas del Atlántico Sur): sin id, sin centroide',
      '  omitida: Tolhuin (Tierra del Fuego, Antártida e Islas del Atlántico Sur): sin id, sin centroide',
    ]);
    // Caballito to Rosario, the same figure as the domain's distanceKmBetween (its spec).
    const [{ km }] = await db.dataSource.query(
      `SELECT round((earth_distance(a.point, b.point) / 1000)::numeric, 1)::float AS km FROM localities a, localities b
       WHERE a.id = '0204201001' AND b.id = '82084270'`,
    );
    expect(km).toBe(roundDistanceKm(distanceKmBetween(caballito, rosario)));
  });

  it('keeps same-named localities of different provinces apart', async () => {
    const castelar = await db.dataSource.query(`SELECT province FROM localities WHERE name = 'Castelar' ORDER BY province`);
    expect(castelar.length).toBeGreaterThan(1);
    expect(new Set(castelar.map((row: { province: string }) => row.province)).size).toBe(castelar.length);
  });

  it('copies the base locality point onto a professional with an area', async () => {
    const [{ id }] = await db.dataSource.query(
      `INSERT INTO users (first_name, last_name, email, type) VALUES ('Ana', 'Gómez', 'ana-area@example.com', 'profesional') RETURNING id`,
    );
    await db.dataSource.query(
      `INSERT INTO professionals (id, first_name, last_name, email, search_name, area_locality_id, area_radius_km)
       VALUES ($1, 'Ana', 'Gómez', 'ana-area@example.com', 'ana gomez', '0204201001', 15)`,
      [id],
    );
    const [row] = await db.dataSource.query(
      `SELECT p.area_point = l.point AS same FROM professionals p JOIN localities l ON l.id = '0204201001' WHERE p.id = $1`,
      [id],
    );
    expect(row.same).toBe(true);
    await expect(db.dataSource.query(`UPDATE professionals SET area_radius_km = NULL WHERE id = $1`, [id])).rejects.toThrow(
      /professionals_area_whole/,
    );
  });
});
