import { Inject, Injectable } from '@nestjs/common';
import {
  listingQueryToParams,
  SEARCH_RESULTS_LIMIT,
  type ListingPage,
  type ListingQuery,
  type ProfessionalDetail,
  type ProfessionalListItem,
  type Profession,
} from '@oficios/domain';
import { PublicAssetUrls } from '../../common/assets/public-asset-urls';
import { TtlCache } from '../../common/cache/ttl-cache';
import { JsonRepresentation } from '../../common/http/json-representation';
import { notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LocalitiesService } from '../localities';
import { isCommonListing } from './listing-sql';
import type { NearTarget } from './near-listing-sql';
import { ProfessionalsRepository } from './professionals.repository';
import { ServiceAreas } from './service-areas';

/**
 * The public catalogue. Answers are cached briefly in-process (the catalogue
 * is read far more than written); `invalidate()` drops them when it changes.
 */
@Injectable()
export class CatalogService {
  private readonly professions: TtlCache<Profession[]>;
  private readonly pages: TtlCache<ListingPage>;
  private readonly details: TtlCache<ProfessionalDetail | null>;
  /** Totals by filter alone, for the queries that count (a search, several professions): paging and re-sorting do not count again. */
  private readonly totals: TtlCache<number>;
  /** The plain list is large: kept serialised (hashed and compressed once, see JsonRepresentation). */
  private readonly plainList: TtlCache<JsonRepresentation>;

  constructor(
    private readonly repository: ProfessionalsRepository,
    private readonly assets: PublicAssetUrls,
    private readonly areas: ServiceAreas,
    private readonly localities: LocalitiesService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.professions = new TtlCache(config.listingCacheTtlMs, 1);
    this.pages = new TtlCache(config.listingCacheTtlMs, 2000);
    this.details = new TtlCache(config.listingCacheTtlMs, 5000);
    this.totals = new TtlCache(config.listingCacheTtlMs, 2000);
    this.plainList = new TtlCache(config.listingCacheTtlMs, 1);
  }

  listProfessions(): Promise<Profession[]> {
    return this.professions.getOrLoad('all', () => this.repository.findProfessions());
  }

  /** Plain list (serialised, images absolute) with no listing parameters, else one page. */
  async listProfessionals(query: ListingQuery | null): Promise<JsonRepresentation | ListingPage> {
    if (!query) {
      // Serialised once here, images absolute (as the reply serializer writes every other answer).
      return this.plainList.getOrLoad('all', async () => JsonRepresentation.ofJson(this.assets.json(await this.repository.findAll())));
    }
    // The place is checked before the cache: an unknown one is refused, never kept.
    const target = query.near === null ? null : await this.nearTarget(query.near);
    const key = JSON.stringify(listingQueryToParams(query));
    return this.pages.getOrLoad(key, async () => {
      if (target) return { ...(await this.repository.findNearPage(query, target)), page: query.page, pageSize: query.pageSize };
      if (isCommonListing(query)) return { ...(await this.repository.findCommonPage(query)), page: query.page, pageSize: query.pageSize };
      let professionIds: number[] = [];
      if (query.professions.length > 0) {
        professionIds = await this.repository.findProfessionIds(query.professions);
        // A profession that does not exist cannot be matched by anyone.
        if (professionIds.length < query.professions.length) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      }
      const filterKey = JSON.stringify([query.professions.slice().sort(), query.rating, query.search]);
      const { items, total } = await this.repository.findPage(query, professionIds, (count) => this.totals.getOrLoad(filterKey, count));
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  /** The locality `near` names (in memory), or a 400 naming it when there is none. */
  private nearTarget(id: string): Promise<NearTarget> {
    return this.localities.require(id, 'near');
  }

  /** `GET /home?search=`: matching professionals by name (the spec's client reads the first). */
  /** `search` already normalised by its schema. */
  async searchProfessionals(search: string): Promise<ProfessionalListItem[]> {
    return this.repository.searchByName(search, SEARCH_RESULTS_LIMIT);
  }

  async getProfessional(id: number): Promise<ProfessionalDetail> {
    const detail = await this.details.getOrLoad(String(id), async () => {
      const stored = await this.repository.findDetail(id);
      if (!stored) return null;
      const { areaLocalityId, areaRadiusKm, areaExtraLocalityIds, areaExcludedLocalityIds, ...rest } = stored;
      const serviceArea = await this.areas.resolve({ areaLocalityId, areaRadiusKm, areaExtraLocalityIds, areaExcludedLocalityIds });
      return { ...rest, serviceArea };
    });
    if (!detail) throw notFound(`No existe el profesional ${id}`);
    return detail;
  }

  /** Drops every cached answer: call after any change to professionals, professions or reviews. */
  invalidate(): void {
    this.professions.clear();
    this.pages.clear();
    this.details.clear();
    this.totals.clear();
    this.plainList.clear();
  }
}
