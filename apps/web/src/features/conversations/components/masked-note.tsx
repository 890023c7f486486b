import { Alert } from 'antd';

export const MASKED_NOTE =
  'Por seguridad, los teléfonos y correos electrónicos escritos en los mensajes se ocultan hasta que la reserva esté pagada.';

/** Shown while the conversation's contact data is masked (the client has no paid booking with the professional). */
export function MaskedNote({ masked }: { masked: boolean }) {
  if (!masked) return null;
  return <Alert type="info" showIcon title={MASKED_NOTE} data-testid="masked-note" />;
}
