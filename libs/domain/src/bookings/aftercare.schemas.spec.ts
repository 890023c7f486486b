import {
  answerDisputeSchema,
  bookingDecisionSchema,
  disputesQuerySchema,
  openDisputeSchema,
  resolveDisputeSchema,
} from './aftercare.schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('openDisputeSchema and answerDisputeSchema', () => {
  it('take trimmed text of 1 to 2000 characters', () => {
    expect(openDisputeSchema.parse({ reason: '  No vino  ' })).toEqual({ reason: 'No vino' });
    expect(answerDisputeSchema.parse({ answer: 'Fui a las 9' })).toEqual({ answer: 'Fui a las 9' });
    expect(messagesOf(openDisputeSchema.safeParse({ reason: '   ' }))).toEqual(['reason: Cuéntanos qué pasó (entre 1 y 2000 caracteres)']);
    expect(messagesOf(openDisputeSchema.safeParse({ reason: 'x'.repeat(2001) }))).toHaveLength(1);
    expect(messagesOf(answerDisputeSchema.safeParse({}))).toEqual(['answer: Escribe tu respuesta (entre 1 y 2000 caracteres)']);
    expect(openDisputeSchema.safeParse([]).success).toBe(false);
  });
});

describe('resolveDisputeSchema', () => {
  it('reads a partial amount in pesos as cents', () => {
    expect(resolveDisputeSchema.parse({ resolution: 'partial', refundAmount: 1500.5, note: ' ok ' })).toEqual({
      resolution: 'partial',
      refundCents: 150_050,
      note: 'ok',
    });
    expect(resolveDisputeSchema.parse({ resolution: 'full' })).toEqual({ resolution: 'full', refundCents: null, note: null });
    expect(resolveDisputeSchema.parse({ resolution: 'none', note: '' })).toEqual({ resolution: 'none', refundCents: null, note: null });
  });

  it('refuses a partial refund without amount, an amount elsewhere, and bad amounts', () => {
    expect(messagesOf(resolveDisputeSchema.safeParse({ resolution: 'partial' }))).toEqual(['refundAmount: Indica el monto a devolver']);
    expect(messagesOf(resolveDisputeSchema.safeParse({ resolution: 'full', refundAmount: 10 }))).toEqual([
      'refundAmount: refundAmount sólo se indica en un reembolso parcial',
    ]);
    for (const refundAmount of [0, -5, 1.001, '10', Number.NaN]) {
      expect(resolveDisputeSchema.safeParse({ resolution: 'partial', refundAmount }).success).toBe(false);
    }
    expect(messagesOf(resolveDisputeSchema.safeParse({ resolution: 'some' }))).toEqual([
      'resolution: resolution debe ser uno de: none, partial, full',
    ]);
  });
});

describe('disputesQuerySchema', () => {
  it('defaults to open disputes and refuses other statuses', () => {
    expect(disputesQuerySchema.parse({})).toEqual({ status: 'open' });
    expect(disputesQuerySchema.parse({ status: 'resolved' })).toEqual({ status: 'resolved' });
    expect(disputesQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
  });
});

describe('bookingDecisionSchema', () => {
  it('takes a token, an action and an optional reason', () => {
    expect(bookingDecisionSchema.parse({ token: 'abc', action: 'decline', reason: ' Estoy de viaje ' })).toEqual({
      token: 'abc',
      action: 'decline',
      reason: 'Estoy de viaje',
    });
    expect(messagesOf(bookingDecisionSchema.safeParse({ token: '', action: 'maybe' }))).toEqual([
      'token: El enlace no es válido',
      'action: action debe ser accept o decline',
    ]);
  });
});
