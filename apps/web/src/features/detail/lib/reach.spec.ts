import { distanceKmBetween, roundDistanceKm, type ServiceArea } from '@oficios/domain';
import { CABALLITO, CASTELAR_BUENOS_AIRES, PALERMO, ROSARIO } from '../../../testing/locality-fixtures';
import { reachOf } from './reach';

const area = (patch: Partial<ServiceArea> = {}): ServiceArea => ({
  locality: CABALLITO,
  radiusKm: 15,
  extraLocalities: [],
  excludedLocalities: [],
  ...patch,
});

describe('reachOf', () => {
  it('says a place inside the radius is reached, with its distance as the listing measures it', () => {
    const km = roundDistanceKm(distanceKmBetween(CABALLITO, PALERMO));
    expect(km).toBe(4.3);
    expect(reachOf(area(), PALERMO)).toEqual({ reaches: true, text: 'Llega a Palermo (a 4,3 km)' });
  });

  it('says why a place is not reached: too far, or excluded', () => {
    expect(reachOf(area(), ROSARIO)).toEqual({
      reaches: false,
      text: 'No trabaja en Rosario: está a 275,1 km y su zona es Caballito y hasta 15 km',
    });
    expect(reachOf(area({ excludedLocalities: [PALERMO] }), PALERMO)).toEqual({
      reaches: false,
      text: 'No trabaja en Palermo: la excluye de su zona (Caballito y hasta 15 km)',
    });
  });

  it('reaches an extra locality however far, and the radius edge itself', () => {
    expect(reachOf(area({ extraLocalities: [ROSARIO] }), ROSARIO)?.reaches).toBe(true);
    const edge = roundDistanceKm(distanceKmBetween(CABALLITO, CASTELAR_BUENOS_AIRES));
    expect(reachOf(area({ radiusKm: Math.ceil(edge) }), CASTELAR_BUENOS_AIRES)?.reaches).toBe(true);
    expect(reachOf(area({ radiusKm: Math.floor(edge) }), CASTELAR_BUENOS_AIRES)?.reaches).toBe(false);
  });

  it('says nothing for a professional without an area', () => {
    expect(reachOf(null, ROSARIO)).toBeNull();
  });
});
