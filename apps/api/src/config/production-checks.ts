import { KNOWN_DEMO_PASSWORDS } from './demo';
import { ConfigError, type Env } from './env-parsers';

export const SESSION_SECRET_MIN_LENGTH = 32;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

const STAND_IN_FLAGS: [name: string, what: string][] = [
  ['DEMO_MODE', 'enciende todos los simuladores de la demo'],
  ['PAYMENTS_SANDBOX', 'el sandbox de pagos aprueba cualquier pago'],
  ['GOOGLE_STAND_IN', 'el Google simulado no verifica a nadie'],
  ['DEMO_ACCOUNTS', 'las cuentas demo tienen contraseñas públicas'],
  ['TEST_CLOCK', 'cualquiera puede mover el reloj de las reservas en /dev/clock'],
];

/**
 * Why this environment must not serve real users, one line per variable; empty when it may.
 * With NODE_ENV=production the API and the workers refuse to start while any line is left.
 */
export function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const [name, what] of STAND_IN_FLAGS) {
    if (env[name] === 'true') problems.push(`${name}=true no se permite con NODE_ENV=production (${what})`);
  }
  const secret = env.SESSION_SECRET ?? '';
  if (secret === '') problems.push(`SESSION_SECRET es obligatorio (al menos ${SESSION_SECRET_MIN_LENGTH} caracteres aleatorios)`);
  const admin = env.ADMIN_PASSWORD ?? '';
  if (admin === '') problems.push('ADMIN_PASSWORD es obligatorio');
  else if (KNOWN_DEMO_PASSWORDS.includes(admin)) problems.push('ADMIN_PASSWORD no puede ser una contraseña de la demo');
  else if (admin.length < ADMIN_PASSWORD_MIN_LENGTH)
    problems.push(`ADMIN_PASSWORD debe tener al menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres`);
  if (!env.MP_ACCESS_TOKEN) problems.push('MP_ACCESS_TOKEN es obligatorio (el token de MercadoPago)');
  if (!env.MP_WEBHOOK_SECRET) problems.push('MP_WEBHOOK_SECRET es obligatorio (la clave secreta de las notificaciones)');
  return problems;
}

/** The one error a refused start prints: every problem, each naming its variable. */
export function productionRefusal(problems: string[]): Error {
  return new ConfigError(
    `Configuración insegura para producción (NODE_ENV=production):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
  );
}
