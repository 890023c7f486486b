/** The cookies of a raw request's `Cookie` header (a socket's handshake, or a hook that runs before @fastify/cookie). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // kept as sent
    }
    if (!(name in cookies)) cookies[name] = value;
  }
  return cookies;
}
