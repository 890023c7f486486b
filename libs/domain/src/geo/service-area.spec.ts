import { distanceKmBetween, localityLabel, roundDistanceKm } from './locality';
import { coversLocality, kmText, outsideServiceAreaMessage, serviceAreaLine, SERVICE_AREA_MESSAGES } from './service-area';
import { serviceAreaEditSchema, serviceAreaInputSchema } from './service-area-input';

const caballito = {
  id: '0204201001',
  name: 'Caballito',
  department: 'Comuna 6',
  province: 'Ciudad Autónoma de Buenos Aires',
  lat: -34.6162746708976,
  lon: -58.4405512892781,
};

describe('service areas', () => {
  it('takes back the area as the answers show it (an editor sending what it read)', () => {
    const rosario = { ...caballito, id: '82084270', name: 'Rosario' };
    expect(serviceAreaEditSchema.parse({ locality: caballito, radiusKm: 15, extraLocalities: [rosario], excludedLocalities: [] })).toEqual({
      localityId: '0204201001',
      radiusKm: 15,
      extraLocalityIds: ['82084270'],
      excludedLocalityIds: [],
    });
    expect(serviceAreaEditSchema.safeParse({ locality: { id: 'x' }, radiusKm: 15 }).success).toBe(false);
  });

  it('parses an area, dropping repeated ids and the base among the extras', () => {
    expect(
      serviceAreaInputSchema.parse({
        localityId: '0204201001',
        radiusKm: 15,
        extraLocalityIds: ['0204201001', '0602801008', '0602801008'],
      }),
    ).toEqual({ localityId: '0204201001', radiusKm: 15, extraLocalityIds: ['0602801008'], excludedLocalityIds: [] });
  });

  it.each([0, 101, 2.5, '15', null])('refuses the radius %p', (radiusKm) => {
    const result = serviceAreaInputSchema.safeParse({ localityId: '0204201001', radiusKm });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(SERVICE_AREA_MESSAGES.radius);
  });

  it('refuses a malformed locality id, an excluded base and a locality both added and excluded', () => {
    expect(serviceAreaInputSchema.safeParse({ localityId: 'caballito', radiusKm: 5 }).error?.issues[0].message).toBe(
      SERVICE_AREA_MESSAGES.locality,
    );
    expect(
      serviceAreaInputSchema.safeParse({ localityId: '0204201001', radiusKm: 5, excludedLocalityIds: ['0204201001'] }).error?.issues[0]
        .message,
    ).toBe(SERVICE_AREA_MESSAGES.baseExcluded);
    expect(
      serviceAreaInputSchema.safeParse({
        localityId: '0204201001',
        radiusKm: 5,
        extraLocalityIds: ['0602801008'],
        excludedLocalityIds: ['0602801008'],
      }).error?.issues[0].message,
    ).toBe(SERVICE_AREA_MESSAGES.extraAndExcluded);
  });

  it('covers inside the radius and the extras, never the exclusions; no area covers everything', () => {
    const area = { radiusKm: 15, extraLocalityIds: ['x'], excludedLocalityIds: ['y'] };
    expect(coversLocality(area, 'a', 15)).toBe(true);
    expect(coversLocality(area, 'a', 15.1)).toBe(false);
    expect(coversLocality(area, 'x', 300)).toBe(true);
    expect(coversLocality(area, 'y', 1)).toBe(false);
    expect(coversLocality(null, 'a', 3000)).toBe(true);
  });

  it('measures on the same sphere as Postgres earthdistance and writes km the Argentine way', () => {
    // Caballito to Rosario's centre: earth_distance(ll_to_earth(...), ll_to_earth(...)) / 1000 gives 277.0639618 for them.
    expect(roundDistanceKm(distanceKmBetween(caballito, { lat: -32.9511, lon: -60.6664 }))).toBe(277.1);
    expect(kmText(15)).toBe('15');
    expect(kmText(2.04)).toBe('2');
    expect(kmText(1234.56)).toBe('1.234,6');
    expect(localityLabel(caballito)).toBe('Caballito, Ciudad Autónoma de Buenos Aires');
    expect(serviceAreaLine({ locality: caballito, radiusKm: 15 })).toBe('Trabaja en Caballito y hasta 15 km');
    expect(
      outsideServiceAreaMessage(
        { firstName: 'Ana', lastName: 'Gómez' },
        { locality: caballito, radiusKm: 15 },
        { name: 'Rosario', province: 'Santa Fe' },
        278.28,
      ),
    ).toBe('Ana Gómez no trabaja en Rosario, Santa Fe: está a 278,3 km y su zona es Caballito y hasta 15 km');
  });
});
