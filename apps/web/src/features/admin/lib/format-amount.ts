const pesos = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** An amount as the SPA shows prices: "$ 2.500" / "$ 1.234,5". */
export function formatAmount(value: number): string {
  return `$ ${pesos.format(value)}`;
}
