const pesos = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** A price as shown in the cart: "$ 2.500" / "$ 1.234,5". */
export function formatPrice(value: number): string {
  return `$ ${pesos.format(value)}`;
}
