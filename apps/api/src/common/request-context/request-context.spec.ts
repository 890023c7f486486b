import { currentRequestId, requestIdFrom, runOutsideRequests, runWithRequestId } from './request-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it.each([['a'], ['click-42'], ['x'.repeat(100)], [' ~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}']])('keeps %j', (given) => {
    expect(requestIdFrom(given)).toBe(given);
  });

  it.each([[undefined], [''], ['x'.repeat(101)], ['pedido-ñ'], ['tab\there'], ['línea\n'], ['emoji-🙂']])(
    'replaces %j with a new UUID',
    (given) => {
      expect(requestIdFrom(given)).toMatch(UUID);
    },
  );

  it('reads the first of repeated headers', () => {
    expect(requestIdFrom(['first', 'second'])).toBe('first');
  });
});

describe('the current request id', () => {
  it('follows the work it was set for across awaits, and only that work', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await Promise.all(
      ['one', 'two'].map((id) =>
        runWithRequestId(id, async () => {
          await new Promise((resolve) => setImmediate(resolve));
          return [currentRequestId(), runOutsideRequests(() => currentRequestId())];
        }),
      ),
    );
    expect(seen).toEqual([
      ['one', undefined],
      ['two', undefined],
    ]);
    expect(currentRequestId()).toBeUndefined();
  });
});
