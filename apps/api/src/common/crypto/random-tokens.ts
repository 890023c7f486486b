import { randomFillSync } from 'node:crypto';

/** Bytes drawn from the OS at once: one system call serves a couple of hundred tokens. */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

/**
 * `bytes` cryptographically random bytes as base64url, as `randomBytes(bytes).toString('base64url')`, from a pooled
 * buffer refilled once spent (as Node's own randomUUID does): every cookie-less request gets an anti-forgery token,
 * and a `randomBytes` call each would be a system call per request. Each byte is handed out once.
 */
export function randomToken(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_BYTES) throw new RangeError(`randomToken: ${bytes} bytes`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString('base64url', used, used + bytes);
  used += bytes;
  return token;
}
