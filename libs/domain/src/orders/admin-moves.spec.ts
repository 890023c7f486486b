import { ORDER_STATUSES, type OrderStatus } from '../constants';
import { adminMayMove, adminMoveRefusal, isPaidStatus, refundDueOnAdminMove } from './admin-moves';

/** Every pair of statuses, written out: allowed (true) or refused (false). */
const TABLE: Record<OrderStatus, Record<OrderStatus, boolean>> = {
  creada: { creada: true, procesando: false, cancelada: true, completa: false },
  procesando: { creada: false, procesando: true, cancelada: true, completa: true },
  cancelada: { creada: false, procesando: false, cancelada: true, completa: false },
  completa: { creada: false, procesando: true, cancelada: true, completa: true },
};
const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to, TABLE[from][to]] as const));

describe("the administrator's status moves", () => {
  it('covers the sixteen pairs', () => expect(pairs).toHaveLength(16));

  it.each(pairs)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(adminMayMove(from, to)).toBe(allowed);
    expect(adminMoveRefusal(7, from, to) === null).toBe(allowed);
  });

  it('never moves an order back to creada nor out of cancelada', () => {
    for (const from of ORDER_STATUSES.filter((status) => status !== 'creada')) expect(adminMayMove(from, 'creada')).toBe(false);
    for (const to of ORDER_STATUSES.filter((status) => status !== 'cancelada')) expect(adminMayMove('cancelada', to)).toBe(false);
  });

  it('says why in Spanish', () => {
    expect(adminMoveRefusal(7, 'procesando', 'creada')).toBe(
      'No se puede pasar la orden 7 de procesando a creada: una orden no vuelve a esperar un pago',
    );
    expect(adminMoveRefusal(7, 'cancelada', 'completa')).toBe(
      'No se puede pasar la orden 7 de cancelada a completa: una orden cancelada no se reabre',
    );
    expect(adminMoveRefusal(7, 'creada', 'procesando')).toBe(
      'No se puede pasar la orden 7 de creada a procesando: solo un pago aprobado por MercadoPago la marca como pagada',
    );
  });

  it('owes the client a refund when a paid order is cancelled, and only then', () => {
    const owed = pairs.filter(([from, to]) => refundDueOnAdminMove(from, to)).map(([from, to]) => `${from}→${to}`);
    expect(owed).toEqual(['procesando→cancelada', 'completa→cancelada']);
    expect(ORDER_STATUSES.filter(isPaidStatus)).toEqual(['procesando', 'completa']);
  });
});
