import { parseWith } from '../validation/field-errors';
import { CONVERSATION_MESSAGES, messagesQuerySchema, openConversationSchema, postMessageSchema } from './conversation.schemas';

describe('conversation schemas', () => {
  it('opens by a professional or by a line, one of them', () => {
    expect(parseWith(openConversationSchema, { professionalId: '7' })).toEqual({ ok: true, value: { professionalId: 7 } });
    expect(parseWith(openConversationSchema, { lineId: 3 })).toEqual({ ok: true, value: { lineId: 3 } });
    expect(parseWith(openConversationSchema, {})).toMatchObject({ ok: false, errors: [{ message: CONVERSATION_MESSAGES.target }] });
    expect(parseWith(openConversationSchema, { professionalId: 1, lineId: 2 })).toMatchObject({ ok: false });
  });

  it('pages 30 by default, at most 50, by one cursor', () => {
    expect(parseWith(messagesQuerySchema, {})).toEqual({ ok: true, value: { limit: 30 } });
    expect(parseWith(messagesQuerySchema, { before: '40', limit: '10' })).toEqual({ ok: true, value: { before: 40, limit: 10 } });
    expect(parseWith(messagesQuerySchema, { limit: '51' })).toMatchObject({ ok: false, errors: [{ field: 'limit' }] });
    expect(parseWith(messagesQuerySchema, { before: '4', after: '2' })).toMatchObject({ ok: false, errors: [{ field: 'after' }] });
  });

  it('cleans the text of a message, and refuses more than 2000 characters', () => {
    expect(parseWith(postMessageSchema, { text: ' <i>Hola</i> ' })).toEqual({ ok: true, value: { text: 'Hola' } });
    expect(parseWith(postMessageSchema, {})).toEqual({ ok: true, value: { text: '' } });
    expect(parseWith(postMessageSchema, { text: 'x'.repeat(2001) })).toMatchObject({ ok: false, errors: [{ field: 'text' }] });
    expect(parseWith(postMessageSchema, { text: 5 })).toMatchObject({
      ok: false,
      errors: [{ field: 'text', message: 'El mensaje debe ser texto' }],
    });
  });
});
