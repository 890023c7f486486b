import { summarizeRatings } from './rating';
import { capitalize, normalizeSearchText } from './text';

describe('summarizeRatings', () => {
  it('is zero without reviews', () => {
    expect(summarizeRatings([])).toEqual({ rating: 0, reputation: 0 });
  });
  it('rounds the mean to whole stars, half up', () => {
    expect(summarizeRatings([4, 5])).toEqual({ rating: 5, reputation: 2 });
    expect(summarizeRatings([4, 4, 5])).toEqual({ rating: 4, reputation: 3 });
    expect(summarizeRatings([1, 2])).toEqual({ rating: 2, reputation: 2 });
  });
});

describe('text rules', () => {
  it('normalises accents, case and spaces', () => {
    expect(normalizeSearchText('  Ñandú   MARTÍNEZ ')).toBe('nandu martinez');
  });
  it('capitalises only the first letter', () => {
    expect(capitalize('técnico PC')).toBe('Técnico PC');
    expect(capitalize('aire acondicionado')).toBe('Aire acondicionado');
  });
});
