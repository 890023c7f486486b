import { HttpStatus, Injectable } from '@nestjs/common';
import {
  contactChangesOf,
  contactOf,
  normalizeSearchText,
  professionKey,
  type BusinessChanges,
  type Cents,
  type Day,
  type PersonContact,
  type Profession,
  type ProfessionalEdit,
  type RatingSummary,
  type ServiceArea,
  type ServiceAreaInput,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { apiError, conflict, invalidInput, notFound as notFoundError } from '../../common/errors/app-errors';
import { OutboxService } from '../outbox';
import type { Professional } from './entities/professional.entity';
import {
  ProfessionalsRepository,
  type BookingCard,
  type BookingTerms,
  type ProfessionalArea,
  type CatalogStatistics,
  type ProfessionalSummary,
} from './professionals.repository';
import { ProfessionsRepository } from './professions.repository';
import { ServiceAreas } from './service-areas';

/** A professional's own fields, as their account answers (`dataValues`) show them. */
export interface ProfessionalProfile {
  aboutMe: string;
  dayPriceCents: Cents;
  availableDays: Professional['availableDays'];
  professions: Profession[];
  /** Where they work, each locality whole; null until they set it. */
  serviceArea: ServiceArea | null;
}

export interface NewProfessional extends PersonContact {
  id: number;
  aboutMe: string;
  /** Profession names as typed: each must exist (case-insensitive). */
  professions: string[];
  /** The price and days the professional chose at registration. */
  dayPriceCents: Cents;
  availableDays: Day[];
  /** Where they work, when they said at registration (its localities are checked here). */
  serviceArea?: ServiceAreaInput | null;
}

const notFound = (id: number) => notFoundError(`No existe el profesional ${id}`);

/**
 * What other modules may ask of the catalogue, and the changes they may make to it. The catalogue owns the
 * professionals' profiles, the professions and who has them; writes run inside the caller's transaction (its
 * `manager`) or one of their own, and record ProfessionalUpdated: the catalogue's cache follows that event alone
 * (CatalogCacheBus).
 */
@Injectable()
export class ProfessionalsService {
  constructor(
    private readonly professionals: ProfessionalsRepository,
    private readonly professions: ProfessionsRepository,
    private readonly outbox: OutboxService,
    private readonly areas: ServiceAreas,
  ) {}

  /** A new professional's profile (the account exists already, same id): its own price, days and professions. */
  async register(manager: EntityManager, professional: NewProfessional): Promise<ProfessionalProfile> {
    const professions = await this.existingProfessions(manager, professional.professions);
    const profile = this.professionals.createProfile(manager, {
      id: professional.id,
      ...contactOf(professional),
      aboutMe: professional.aboutMe,
      dayPriceCents: professional.dayPriceCents,
      availableDays: [...professional.availableDays],
      professions,
    });
    await this.setArea(profile, professional.serviceArea ?? null);
    await this.professionals.saveProfile(manager, profile);
    await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: professional.id });
    return this.toProfile(profile);
  }

  /**
   * The administrator's edit of the profile (its contact copy included: an e-mail, phone or address not given keeps
   * the stored one); 404 for an unknown professional.
   */
  async edit(manager: EntityManager, id: number, edit: ProfessionalEdit): Promise<void> {
    const profile = await this.professionals.lockProfile(manager, id);
    if (!profile) throw notFound(id);
    const professions = await this.existingProfessions(manager, edit.professions);
    Object.assign(profile, {
      ...contactChangesOf(edit),
      availableDays: edit.availableDays,
      ...(edit.dayPriceCents !== undefined ? { dayPriceCents: edit.dayPriceCents } : {}),
      ...(edit.aboutMe !== undefined ? { aboutMe: edit.aboutMe } : {}),
      professions,
    });
    if (edit.serviceArea !== undefined) await this.setArea(profile, edit.serviceArea);
    await this.professionals.saveProfile(manager, profile);
    await this.recordChanged(manager, id, true);
  }

  /**
   * The professional's own "Mi negocio": only the fields given change (the photo's account copy is the caller's to
   * keep in step). Bookings are untouched: each keeps its own price and dates. 404 for an unknown professional.
   */
  async editBusiness(manager: EntityManager, id: number, changes: BusinessChanges): Promise<void> {
    const profile = await this.professionals.lockProfile(manager, id);
    if (!profile) throw notFound(id);
    if (changes.professions !== undefined) profile.professions = await this.existingProfessions(manager, changes.professions);
    if (changes.dayPriceCents !== undefined) profile.dayPriceCents = changes.dayPriceCents;
    if (changes.availableDays !== undefined) profile.availableDays = changes.availableDays;
    if (changes.aboutMe !== undefined) profile.aboutMe = changes.aboutMe;
    if (changes.profileImg !== undefined) profile.profileImg = changes.profileImg;
    if (changes.serviceArea !== undefined) await this.setArea(profile, changes.serviceArea);
    await this.professionals.saveProfile(manager, profile);
    await this.recordChanged(manager, id, changes.availableDays !== undefined);
  }

  /**
   * Sets (or with null removes) the profile's service area, its localities checked (400 `unknown_locality`): cards then
   * show the base locality, or without an area the address's again (the entity's hook). Bookings already made keep
   * the place and distance they were made with.
   */
  private async setArea(profile: Professional, area: ServiceAreaInput | null): Promise<void> {
    Object.assign(profile, await this.areas.toColumns(area));
    if (area !== null) profile.locality = await this.areas.baseName(area.localityId);
  }

  /**
   * The profile changed: the catalogue's caches follow ProfessionalUpdated; new working days also change the bookable
   * dates, whose cached answers follow CalendarChanged (in every process).
   */
  private async recordChanged(manager: EntityManager, id: number, daysChanged: boolean): Promise<void> {
    await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: id });
    if (daysChanged) await this.outbox.record(manager, 'CalendarChanged', { professionalIds: [id] });
  }

  /** Whether the id is a professional's (the administrator's editor checks before touching the account). */
  async exists(id: number): Promise<boolean> {
    return (await this.professionals.existing([id])).length > 0;
  }

  /** The professional's own fields for its account answers; null for anyone else. */
  async profileOf(id: number): Promise<ProfessionalProfile | null> {
    const profile = await this.professionals.findProfile(id);
    return profile ? this.toProfile(profile) : null;
  }

  /** Price, days and name of each professional to book (unknown ids are left out); in the caller's transaction when given. */
  bookingTermsOf(ids: number[], manager?: EntityManager): Promise<BookingTerms[]> {
    return this.professionals.bookingTermsOf([...new Set(ids)], manager);
  }

  /** Booking terms and card of each professional, read together (one statement), for the checkout. */
  async bookingCardsOf(ids: number[], manager?: EntityManager): Promise<Map<number, BookingCard>> {
    const cards = await this.professionals.bookingCardsOf([...new Set(ids)], manager);
    return new Map(cards.map((card) => [card.id, card]));
  }

  /** Each professional's service area by id (a professional without one is not in the map: it works everywhere). */
  async areasOf(ids: number[], manager?: EntityManager): Promise<Map<number, ProfessionalArea>> {
    const areas = await this.professionals.areasOf([...new Set(ids)], manager);
    return new Map(areas.map((area) => [area.id, area]));
  }

  /** Name and picture of each professional, for screens that list them (orders, jobs). */
  async summariesOf(ids: number[]): Promise<Map<number, ProfessionalSummary>> {
    const summaries = await this.professionals.summariesOf([...new Set(ids)]);
    return new Map(summaries.map((summary) => [summary.id, summary]));
  }

  /**
   * Sets the professional's rating from `summarize`, which reads the ratings after the professional's row is locked:
   * recomputations of one professional take turns, so the last one to commit saw every review before it.
   */
  async recomputeRating(professionalId: number, summarize: (manager: EntityManager) => Promise<RatingSummary>): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      if (!(await this.professionals.lockForRating(manager, professionalId))) return;
      const summary = await summarize(manager);
      await this.professionals.setRating(manager, professionalId, summary.rating, summary.reputation);
      await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId });
    });
  }

  statistics(): Promise<CatalogStatistics> {
    return this.professionals.statistics();
  }

  /** "Crear Profesiones": a new profession (the name normalised; an accent-insensitive twin is a 409). */
  async createProfession(name: string): Promise<Profession> {
    return this.outbox.transaction(async (manager) => {
      const existing = await this.professions.lockAll(manager);
      const twin = existing.find((profession) => normalizeSearchText(profession.name) === normalizeSearchText(name));
      if (twin)
        throw apiError(HttpStatus.CONFLICT, 'profession_exists', `La profesion ${twin.name} ya existe`, {
          errors: [{ field: 'name', message: `La profesion ${twin.name} ya existe` }],
        });
      const created = await this.professions.insert(manager, name);
      await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: null });
      return created;
    });
  }

  /** Deletes a profession nobody has (deleting one in use would silently strip it from its professionals). */
  async removeProfession(id: number): Promise<Profession> {
    return this.outbox.transaction(async (manager) => {
      await this.professions.lockAll(manager);
      const found = await this.professions.lockWithHolders(manager, id);
      if (!found) throw notFoundError(`No existe la profesion ${id}`);
      if (found.holders > 0)
        throw conflict(
          'profession_in_use',
          `La profesion ${found.profession.name} la tienen ${found.holders} profesionales: quitala de ellos antes de borrarla`,
        );
      await this.professions.delete(manager, id);
      await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: null });
      return found.profession;
    });
  }

  /** The professions named (case-insensitive), or 400 naming the unknown ones. */
  private async existingProfessions(manager: EntityManager, names: string[]) {
    const wanted = [...new Set(names.map(professionKey).filter(Boolean))];
    const found = await this.professionals.findProfessionsByName(manager, wanted);
    const unknown = wanted.filter((name) => !found.some((profession) => professionKey(profession.name) === name));
    if (unknown.length > 0)
      throw invalidInput([{ field: 'professions', message: `Profesion desconocida: ${unknown.join(', ')}` }], 'unknown_profession');
    return found;
  }

  private async toProfile(profile: Professional): Promise<ProfessionalProfile> {
    return {
      aboutMe: profile.aboutMe,
      dayPriceCents: profile.dayPriceCents,
      availableDays: profile.availableDays,
      professions: (profile.professions ?? []).map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.id - b.id),
      serviceArea: await this.areas.resolve(profile),
    };
  }
}
