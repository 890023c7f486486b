import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ifNoneMatchHits, JsonRepresentation, negotiateCoding } from './json-representation';

describe('negotiateCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'br'],
    ['gzip, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', 'identity'],
    [' GZIP ; Q=0.9 ', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateCoding(header)).toBe(expected);
  });
});

describe('ifNoneMatchHits', () => {
  it('matches the tag among others, weak or strong, and *', () => {
    expect(ifNoneMatchHits('"a", "b-br"', '"b-br"')).toBe(true);
    expect(ifNoneMatchHits('W/"b-br"', '"b-br"')).toBe(true);
    expect(ifNoneMatchHits('*', '"x"')).toBe(true);
    expect(ifNoneMatchHits('"b"', '"b-br"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"b"')).toBe(false);
  });
});

describe('JsonRepresentation', () => {
  const large = { items: Array.from({ length: 100 }, (_, id) => ({ id, name: `Profesional ${id}`, about: 'Plomero con experiencia' })) };

  it('has one strong tag per content and coding, the same for the same content', () => {
    const one = JsonRepresentation.ofJson(JSON.stringify(large));
    const again = JsonRepresentation.ofJson(JSON.stringify(structuredClone(large)));
    const other = JsonRepresentation.ofJson(JSON.stringify({ ...large, total: 1 }));
    expect(one.etagFor('identity')).toMatch(/^"[\w-]{27}"$/);
    expect(again.etagFor('identity')).toBe(one.etagFor('identity'));
    expect(other.etagFor('identity')).not.toBe(one.etagFor('identity'));
    expect(new Set(['identity', 'br', 'gzip'].map((coding) => one.etagFor(coding as 'br')))).toHaveProperty('size', 3);
  });

  it('compresses over 1 KB only, each coding once, to bytes that decode to the JSON', async () => {
    const answer = JsonRepresentation.ofJson(JSON.stringify(large));
    expect(answer.body.length).toBeGreaterThan(1024);
    expect(answer.codingFor('gzip, br')).toBe('br');
    const brotli = await answer.bytes('br');
    expect(await answer.bytes('br')).toBe(brotli);
    expect(JSON.parse(brotliDecompressSync(brotli).toString())).toEqual(large);
    expect(JSON.parse(gunzipSync(await answer.bytes('gzip')).toString())).toEqual(large);
    expect(brotli.length).toBeLessThan(answer.body.length / 4);

    const small = JsonRepresentation.ofJson(JSON.stringify([{ id: 1, name: 'Plomero' }]));
    expect(small.codingFor('gzip, br')).toBe('identity');
    expect(await small.bytes('identity')).toBe(small.body);
  });
});
