import { Injectable } from '@nestjs/common';
import { isLocalityId, type Locality } from '@oficios/domain';
import { apiError, notFound } from '../../common/errors/app-errors';
import { HttpStatus } from '@nestjs/common';
import { LocalitiesRepository } from './localities.repository';
import { LocalityIndex } from './locality-search';

export const LOCALITY_SEARCH_LIMIT = 10;

export const LOCALITY_MESSAGES = {
  malformed: (id: string) => `"${id}" no es un id de localidad (8 a 10 dígitos del INDEC)`,
  unknown: (id: string) => `No existe la localidad ${id}`,
} as const;

/** 400 `unknown_locality` for an id a client sent that names no locality, under its field. */
export function unknownLocality(id: string, field: string) {
  const message = LOCALITY_MESSAGES.unknown(id);
  return apiError(HttpStatus.BAD_REQUEST, 'unknown_locality', message, { errors: [{ field, message }], unknownLocalityIds: [id] });
}

/**
 * Argentina's localities, for every module: search, look-ups by id, and the refusals of an id that is malformed or
 * unknown. Loaded once from the table (it changes only with the migrations) and kept in memory.
 */
@Injectable()
export class LocalitiesService {
  private loaded: Promise<{ byId: Map<string, Locality>; index: LocalityIndex }> | null = null;

  constructor(private readonly repository: LocalitiesRepository) {}

  async search(text: string, limit = LOCALITY_SEARCH_LIMIT): Promise<Locality[]> {
    return (await this.load()).index.search(text, limit);
  }

  /** The locality, or null when no locality has that id. */
  async findById(id: string): Promise<Locality | null> {
    return (await this.load()).byId.get(id) ?? null;
  }

  /** The localities of the ids that exist, in the ids' order. */
  async findByIds(ids: readonly string[]): Promise<Locality[]> {
    const { byId } = await this.load();
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The locality of an id a client sent in `field`; 400 `unknown_locality` (unknownLocality) when it names none. */
  async require(id: string, field: string): Promise<Locality> {
    const locality = await this.findById(id);
    if (!locality) throw unknownLocality(id, field);
    return locality;
  }

  /** The locality of `id`; a malformed id is a 400 and an unknown one a 404 (`GET /home/localities/{id}`). */
  async get(id: string): Promise<Locality> {
    if (!isLocalityId(id)) throw apiError(HttpStatus.BAD_REQUEST, 'validation_failed', LOCALITY_MESSAGES.malformed(id));
    const locality = await this.findById(id);
    if (!locality) throw notFound(LOCALITY_MESSAGES.unknown(id));
    return locality;
  }

  /** Ids among `ids` that are no locality (what an editor's 400 names). */
  async unknownIds(ids: readonly string[]): Promise<string[]> {
    const { byId } = await this.load();
    return ids.filter((id) => !byId.has(id));
  }

  private load() {
    this.loaded ??= this.repository.findAll().then(
      (localities) => ({ byId: new Map(localities.map((l) => [l.id, l])), index: new LocalityIndex(localities) }),
      (error: unknown) => {
        this.loaded = null;
        throw error;
      },
    );
    return this.loaded;
  }
}
