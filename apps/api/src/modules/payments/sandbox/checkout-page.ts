import { formatMoney, multiplyCents, pesosToCents, sumCents } from '@oficios/domain';
import type { SandboxItem, SandboxPreference } from './sandbox-shapes';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** An item's line total in cents: unit prices travel in pesos, as MercadoPago takes them. */
export const itemCents = (item: SandboxItem) => multiplyCents(pesosToCents(Number(item.unit_price)), item.quantity);

/** What the preference charges, in cents. */
export const preferenceCents = (preference: SandboxPreference) => sumCents(preference.items.map(itemCents));

/**
 * Whether the preference takes payments at `now`, as MercadoPago decides it: one that `expires` only between its
 * `expiration_date_from` and `expiration_date_to` (either may be absent).
 */
export function isPayableAt(preference: SandboxPreference, now: number): boolean {
  if (!preference.expires) return true;
  const from = preference.expiration_date_from ? Date.parse(preference.expiration_date_from) : -Infinity;
  const to = preference.expiration_date_to ? Date.parse(preference.expiration_date_to) : Infinity;
  return now >= from && now <= to;
}

/** The sandbox's checkout: the order as MercadoPago would show it, and the two outcomes (or why it takes no payment). */
export function checkoutPage(preference: SandboxPreference, currency: string, now: number): string {
  const rows = preference.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.title)}</td><td class="n">${item.quantity}</td><td class="n">${formatMoney(pesosToCents(Number(item.unit_price)))}</td><td class="n">${formatMoney(itemCents(item))}</td></tr>`,
    )
    .join('');
  // The marketplace's money is ARS; a sandbox set to another currency says so.
  const otherCurrency = currency === 'ARS' ? '' : ` (${escapeHtml(currency)})`;
  const action = `./${encodeURIComponent(preference.id)}/pay`;
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pago de prueba: orden ${escapeHtml(preference.external_reference)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px;color:#222}
.banner{background:#fff4e5;border:1px solid #ffb74d;padding:8px 12px;border-radius:6px}
table{width:100%;border-collapse:collapse;margin:16px 0}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left}.n{text-align:right}
button{font-size:16px;padding:10px 18px;border-radius:6px;border:0;cursor:pointer;margin-right:8px}
.approve{background:#009ee3;color:#fff}.reject{background:#eee}
</style></head>
<body>
<p class="banner">Sandbox de MercadoPago: ningún dinero real se mueve.</p>
<h1>Orden ${escapeHtml(preference.external_reference)}</h1>
<table data-testid="sandbox-items"><thead><tr><th>Detalle</th><th class="n">Dias</th><th class="n">Precio</th><th class="n">Subtotal</th></tr></thead>
<tbody>${rows}</tbody></table>
<p><strong>Total: <span data-testid="sandbox-total">${formatMoney(preferenceCents(preference))}</span>${otherCurrency}</strong></p>
${
  isPayableAt(preference, now)
    ? `<form method="post" action="${action}">
<button class="approve" name="decision" value="approve" type="submit">Aprobar pago</button>
<button class="reject" name="decision" value="reject" type="submit">Rechazar pago</button>
</form>`
    : '<p class="banner" role="alert">Este link de pago venció: ya no se puede pagar. Vuelve a la tienda para ver tu orden.</p>'
}
</body></html>`;
}
