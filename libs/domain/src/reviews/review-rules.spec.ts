import { REVIEW_MESSAGES, checkReview, stripMarkup } from './review-rules';

describe('review rules', () => {
  it('accepts whole stars 1 to 5 and a plain comment', () => {
    expect(checkReview(4, '  Muy buen trabajo  ')).toEqual({ ok: true, value: { rating: 4, comment: 'Muy buen trabajo' } });
    expect(checkReview('5', 'ok')).toEqual({ ok: true, value: { rating: 5, comment: 'ok' } });
  });

  it.each([0, 6, 3.5, -1, '4.5', null, undefined, 'cinco'])('refuses the rating %p', (rating) => {
    expect(checkReview(rating, 'bien')).toEqual({ ok: false, errors: [{ field: 'rating', message: REVIEW_MESSAGES.rating }] });
  });

  it('strips markup, and refuses an empty or too long comment', () => {
    expect(stripMarkup('<script>alert(1)</script>Hola <b>genio</b>')).toBe('alert(1) Hola genio');
    expect(checkReview(3, '<p></p>')).toEqual({ ok: false, errors: [{ field: 'comment', message: REVIEW_MESSAGES.commentRequired }] });
    expect(checkReview(3, 'x'.repeat(501))).toEqual({ ok: false, errors: [{ field: 'comment', message: REVIEW_MESSAGES.commentTooLong }] });
    expect(checkReview(3, 'x'.repeat(500)).ok).toBe(true);
    expect(checkReview(9, 42)).toMatchObject({ ok: false, errors: [{ field: 'rating' }, { field: 'comment' }] });
  });
});

describe('stripMarkup', () => {
  it('drops control characters but keeps line breaks', () => {
    expect(stripMarkup('Hola\u0000 mundo\u0007\n\nchau')).toBe('Hola mundo\nchau');
  });
});
