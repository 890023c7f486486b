/**
 * Waits until `check` stops throwing (or returns true), polling: for effects that
 * happen later in a worker. Fails with the last error after `timeoutMs`.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const result = await check();
      if (result !== false) return result;
      lastError = new Error('condition still false');
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
