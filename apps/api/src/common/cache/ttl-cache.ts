/**
 * Small in-process cache for read-mostly catalogue answers. Entries expire
 * after `ttlMs`; the oldest go first past `maxEntries`. `clear()` is called
 * when the catalogue changes.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  /** The cached value, or the loader's (one load per key at a time). */
  async getOrLoad(key: string, loader: () => Promise<V>): Promise<V> {
    if (this.ttlMs === 0) return loader();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const load = loader()
      .then((value) => {
        // A clear() during the load means the value may be stale: do not keep it.
        if (generation === this.generation) this.set(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, load);
    return load;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private generation = 0;

  private set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
