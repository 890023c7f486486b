import { JOB_REQUEST_MESSAGES, checkJobRequest, isEmptyJobRequest } from './job-request';

describe('checkJobRequest', () => {
  it('keeps the plain text and each photo once, in order', () => {
    expect(checkJobRequest('  Pierde <b>la canilla</b>\r\n', [3, 1, 3])).toEqual({
      ok: true,
      request: { text: 'Pierde la canilla', imageIds: [3, 1] },
    });
  });

  it('refuses a text over 2000 characters and a sixth photo, in Spanish', () => {
    expect(checkJobRequest('a'.repeat(2001), [])).toEqual({ ok: false, field: 'text', message: JOB_REQUEST_MESSAGES.tooLong });
    expect(checkJobRequest('a'.repeat(2000), [])).toMatchObject({ ok: true });
    expect(checkJobRequest('', [1, 2, 3, 4, 5, 6])).toEqual({
      ok: false,
      field: 'imageIds',
      message: 'Podés adjuntar hasta 5 fotos al pedido',
    });
  });

  it('tells an empty request', () => {
    expect(isEmptyJobRequest({ text: '', imageIds: [] })).toBe(true);
    expect(isEmptyJobRequest({ text: '', imageIds: [1] })).toBe(false);
    expect(isEmptyJobRequest(null)).toBe(true);
  });
});
