/**
 * A professional's contact: shown only to the professional, administrators and the clients with a paid booking with
 * them (`GET /api/professionals/{id}/contact`). The public catalogue answers keep the spec's field names with null.
 */
export interface ProfessionalContact {
  email: string;
  phoneNumber: string;
  address: string;
}

/** The contact fields as every public catalogue answer carries them: hidden. */
export type HiddenContact = { [Field in keyof ProfessionalContact]: null };

export const HIDDEN_CONTACT: HiddenContact = Object.freeze({ email: null, phoneNumber: null, address: null });

/** What the detail page shows where the hidden contact would be. */
export const CONTACT_HIDDEN_TEXT = 'Se muestra al confirmar una reserva';

/** The 403 of the contact route for anyone not entitled to it. */
export const CONTACT_HIDDEN_MESSAGE = 'Los datos de contacto se muestran al confirmar una reserva con este profesional';

/**
 * The locality of a stored address: what follows its last comma, trimmed ("Av. Corrientes 1234, Balvanera" gives
 * "Balvanera"); null without a comma or with nothing after it. Stands in until professionals choose a real locality.
 */
export function localityOf(address: string): string | null {
  const comma = address.lastIndexOf(',');
  if (comma === -1) return null;
  const locality = address.slice(comma + 1).trim();
  return locality === '' ? null : locality;
}
