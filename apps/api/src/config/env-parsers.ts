/** Readers of single environment variables: each names the variable when its value is wrong. */
export type Env = Record<string, string | undefined>;

/** A configuration the process must not start with; its message says which variable and why (no stack needed). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`Configuración inválida: ${name}=${raw} debe ser un entero entre ${min} y ${max}`);
  }
  return value;
}

export function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const value = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`Configuración inválida: ${name} no es una URL (${value})`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`Configuración inválida: ${name} debe usar ${protocols.join(' o ')}`);
  }
  return value.replace(/\/$/, '');
}

/** `true` or `false` (empty: the fallback); anything else stops the start, so a typo never switches a stand-in on or off. */
export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new ConfigError(`Configuración inválida: ${name}=${raw} debe ser true o false`);
}

/**
 * Which proxies to believe about the client's address (the API's `trustProxy`): off unless TRUST_PROXY says so
 * (a number of hops, `loopback`, addresses or CIDR ranges separated by commas, or `true` for any).
 */
export function trustProxy(env: Env): boolean | number | string {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(entry));
  if (!valid) {
    throw new ConfigError(
      `Configuración inválida: TRUST_PROXY=${raw} debe ser false, true, un número de saltos o direcciones/rangos separados por comas`,
    );
  }
  return entries.join(',');
}
