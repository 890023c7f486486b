import { MESSAGE_TEXT_MAX, MESSAGE_TEXT_MESSAGES, checkMessageText, plainMessageText } from './message-text';

describe('plainMessageText', () => {
  it('strips tags, comments and control characters, and trims', () => {
    expect(plainMessageText('  <b>Hola</b> <script>alert(1)</script>mundo <!-- x -->\u0007 ')).toBe('Hola alert(1)mundo');
    expect(plainMessageText('<img src=x onerror=alert(1)>Foto')).toBe('Foto');
    expect(plainMessageText('Juan\u202Eetoh\u200B')).toBe('Juanetoh');
  });

  it('keeps what only looks like markup, and line breaks (one blank line at most)', () => {
    expect(plainMessageText('Te quiero <3 y 2 < 5')).toBe('Te quiero <3 y 2 < 5');
    expect(plainMessageText('Hola\r\n\r\n\r\n\r\nSegunda línea  \nTercera')).toBe('Hola\n\nSegunda línea\nTercera');
  });
});

describe('checkMessageText', () => {
  it('takes 1 to 2000 characters after cleaning', () => {
    expect(checkMessageText(' ¿Puede venir a ver una pérdida? ')).toEqual({ ok: true, text: '¿Puede venir a ver una pérdida?' });
    expect(checkMessageText('a'.repeat(MESSAGE_TEXT_MAX))).toEqual({ ok: true, text: 'a'.repeat(MESSAGE_TEXT_MAX) });
  });

  it('refuses empty text (or only markup) and text over 2000 characters, in Spanish', () => {
    expect(checkMessageText('   ')).toEqual({ ok: false, message: MESSAGE_TEXT_MESSAGES.required });
    expect(checkMessageText('<p></p>')).toEqual({ ok: false, message: 'Escribe un mensaje' });
    expect(checkMessageText('a'.repeat(MESSAGE_TEXT_MAX + 1))).toEqual({ ok: false, message: MESSAGE_TEXT_MESSAGES.tooLong });
  });

  it('lets a message with images go without text', () => {
    expect(checkMessageText('', { hasImages: true })).toEqual({ ok: true, text: '' });
  });
});
