import { cartMergeNotice, planCartMerge, type MergeTerms } from './merge';

const ana: MergeTerms = { id: 1, firstName: 'Ana', lastName: 'Perez', availableDays: ['lunes', 'miercoles', 'viernes'] };
const beto: MergeTerms = { id: 2, firstName: 'Beto', lastName: 'Gomez', availableDays: ['martes', 'sabado'] };

describe('planCartMerge', () => {
  it('adds professionals new to the server cart with their days, in week order', () => {
    expect(planCartMerge([], [{ professionalId: 1, days: ['viernes', 'Lunes'] }], [ana])).toEqual({
      additions: [{ professionalId: 1, days: ['lunes', 'viernes'] }],
      updates: [],
      dropped: [],
    });
  });

  it('merges a professional already on the server into one line with the union of the days', () => {
    const plan = planCartMerge([{ professionalId: 1, days: ['lunes'] }], [{ professionalId: 1, days: ['lunes', 'miercoles'] }], [ana]);
    expect(plan).toEqual({ additions: [], updates: [{ professionalId: 1, days: ['lunes', 'miercoles'] }], dropped: [] });
  });

  it('writes nothing for a line the server already holds whole', () => {
    expect(planCartMerge([{ professionalId: 1, days: ['lunes'] }], [{ professionalId: 1, days: ['lunes'] }], [ana])).toEqual({
      additions: [],
      updates: [],
      dropped: [],
    });
  });

  it('merges a professional twice in the browser cart and counts a repeated day once', () => {
    const plan = planCartMerge(
      [],
      [
        { professionalId: 2, days: ['martes', 'martes'] },
        { professionalId: 2, days: ['sabado'] },
      ],
      [beto],
    );
    expect(plan.additions).toEqual([{ professionalId: 2, days: ['martes', 'sabado'] }]);
    expect(plan.dropped).toEqual([]);
  });

  it('drops and reports days the professional does not work, and unknown days', () => {
    const plan = planCartMerge([], [{ professionalId: 2, days: ['lunes', 'martes', 'domingo'] }], [beto]);
    expect(plan.additions).toEqual([{ professionalId: 2, days: ['martes'] }]);
    expect(plan.dropped).toEqual([
      { reason: 'unavailable-day', professionalId: 2, name: 'Beto Gomez', day: 'lunes' },
      { reason: 'unavailable-day', professionalId: 2, name: 'Beto Gomez', day: 'domingo' },
    ]);
  });

  it('drops professionals the catalogue does not know, once each', () => {
    const plan = planCartMerge(
      [],
      [
        { professionalId: 9, days: ['lunes'] },
        { professionalId: 9, days: [] },
      ],
      [ana],
    );
    expect(plan).toEqual({ additions: [], updates: [], dropped: [{ reason: 'unknown-professional', professionalId: 9 }] });
  });

  it('keeps a browser professional with no days yet (the client picks them later)', () => {
    expect(planCartMerge([], [{ professionalId: 1, days: [] }], [ana]).additions).toEqual([{ professionalId: 1, days: [] }]);
  });

  it('leaves server lines the browser does not mention alone', () => {
    const plan = planCartMerge([{ professionalId: 2, days: ['martes'] }], [{ professionalId: 1, days: ['lunes'] }], [ana, beto]);
    expect(plan.additions).toEqual([{ professionalId: 1, days: ['lunes'] }]);
    expect(plan.updates).toEqual([]);
  });
});

describe('cartMergeNotice', () => {
  it('says nothing when nothing was dropped', () => {
    expect(cartMergeNotice([])).toBeNull();
  });

  it('names each dropped day and unknown professional', () => {
    expect(
      cartMergeNotice([
        { reason: 'unavailable-day', professionalId: 2, name: 'Beto Gomez', day: 'lunes' },
        { reason: 'unknown-professional', professionalId: 9 },
      ]),
    ).toBe('Quitamos de tu carrito el dia lunes de Beto Gomez, que no trabaja ese dia; un profesional que ya no está disponible.');
  });
});
