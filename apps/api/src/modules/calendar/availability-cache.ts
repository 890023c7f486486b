import type { AvailabilityView } from '@oficios/domain';

/**
 * Cached availability answers, per professional: a change of one professional's holds or blocks drops only theirs.
 * A load that began before a drop is not kept (it may have read the old state).
 */
export class AvailabilityCache {
  private readonly entries = new Map<number, Map<string, { value: AvailabilityView; expiresAt: number }>>();
  private readonly generations = new Map<number, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxProfessionals = 5_000,
  ) {}

  async getOrLoad(professionalId: number, key: string, load: () => Promise<AvailabilityView>): Promise<AvailabilityView> {
    if (this.ttlMs === 0) return load();
    const hit = this.entries.get(professionalId)?.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const generation = this.generations.get(professionalId) ?? 0;
    const value = await load();
    if ((this.generations.get(professionalId) ?? 0) === generation) {
      if (!this.entries.has(professionalId) && this.entries.size >= this.maxProfessionals) {
        this.entries.delete(this.entries.keys().next().value as number);
      }
      const ofProfessional = this.entries.get(professionalId) ?? new Map();
      ofProfessional.set(key, { value, expiresAt: Date.now() + this.ttlMs });
      this.entries.set(professionalId, ofProfessional);
    }
    return value;
  }

  drop(professionalIds: readonly number[]): void {
    for (const id of professionalIds) {
      this.entries.delete(id);
      this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    }
  }
}
