import type { MeAnswer } from '@oficios/domain';

/** The signed-in client, the only kind of user who saves a cart and buys (spec §6). */
export interface SignedInClient {
  id: number;
  cartId: number | null;
  email: string;
  address: string;
}

export function signedInClient(session: MeAnswer | null | undefined): SignedInClient | null {
  const user = session?.dataValues;
  if (!user || user.type !== 'cliente') return null;
  return { id: user.id, cartId: session.cart?.id ?? user.cartId ?? null, email: user.email, address: user.address };
}
