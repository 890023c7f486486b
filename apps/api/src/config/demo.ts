import type { AppConfig } from './app-config';

/** Password of every seeded demo client and professional (only with DEMO_ACCOUNTS). */
export const DEMO_PASSWORD = 'oficios123';
/** The demo administrator's password when ADMIN_PASSWORD is not set (only with DEMO_ACCOUNTS). */
export const DEMO_ADMIN_PASSWORD = 'admin1234';
/** Passwords printed in the README: never acceptable for a real administrator. */
export const KNOWN_DEMO_PASSWORDS: readonly string[] = [DEMO_PASSWORD, DEMO_ADMIN_PASSWORD];
/**
 * The only e-mail domain the Google stand-in signs in (`.test` is reserved, RFC 2606): whoever types an address
 * there owns nothing real, so the stand-in can never be used to become somebody else.
 */
export const DEMO_GOOGLE_DOMAIN = 'demo.oficios.test';

/** What the stand-ins switched on: printed in a banner when the API or a worker starts. */
export function demoBanner(config: AppConfig): string[] {
  const lines: string[] = [];
  if (config.demo.paymentsSandbox && config.payments.mode === 'sandbox')
    lines.push('Sandbox de MercadoPago (PAYMENTS_SANDBOX): cualquiera aprueba cualquier pago; no se cobra nada.');
  if (config.google.standIn)
    lines.push(`Google simulado en /dev/google (GOOGLE_STAND_IN): sólo correos @${DEMO_GOOGLE_DOMAIN}, nunca cuentas existentes.`);
  if (config.demo.accounts)
    lines.push(
      `Cuentas demo (DEMO_ACCOUNTS): clientes y profesionales sembrados con la contraseña ${DEMO_PASSWORD}` +
        (config.adminPassword === DEMO_ADMIN_PASSWORD ? `; administrador ${config.adminEmail} / ${DEMO_ADMIN_PASSWORD}.` : '.'),
    );
  if (config.testClock)
    lines.push('Reloj de pruebas en /dev/clock (TEST_CLOCK): cualquiera puede adelantar o atrasar la hora de las reservas.');
  if (lines.length === 0) return [];
  return ['MODO DEMO: no usar con datos ni pagos reales. Activo:', ...lines.map((line) => `  • ${line}`)];
}
