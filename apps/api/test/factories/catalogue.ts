import type { EntityManager } from 'typeorm';
import { Profession } from '../../src/modules/catalog/entities/profession.entity';
import { Professional } from '../../src/modules/catalog/entities/professional.entity';
import { User } from '../../src/modules/identity/entities/user.entity';
import { Review } from '../../src/modules/reviews/entities/review.entity';

/**
 * Writes to the catalogue's rows by the modules' entity repositories, in the caller's transaction: what the
 * catalogue's triggers must follow whoever writes (an operator, a script), also where no route writes (renaming a
 * profession, deleting an account). Profiles are locked and saved as the administrators' editor saves them.
 */
export function catalogueWrites(manager: EntityManager) {
  const professionals = manager.getRepository(Professional);
  const professions = manager.getRepository(Profession);
  return {
    /** An account and its professional profile, with professions. */
    async addProfessional(
      fields: { firstName: string; lastName: string; email: string; rating: number },
      professionIds: number[],
    ): Promise<number> {
      const { firstName, lastName, email, rating } = fields;
      const { id } = await manager.getRepository(User).save({ type: 'profesional', firstName, lastName, email });
      await professionals.save(
        professionals.create({
          id,
          firstName,
          lastName,
          email,
          rating,
          professions: professionIds.map((professionId) => professions.create({ id: professionId })),
        }),
      );
      return id;
    },

    /** The professional's "Sobre mi" (no route edits it after registration). */
    async setAboutMe(id: number, aboutMe: string): Promise<void> {
      await professionals.update({ id }, { aboutMe });
    },

    /**
     * Reviews of the professional as the demo catalogue has them (no booking of their own), oldest first; the
     * professional's rating is not recomputed.
     */
    async addReviewsWithoutBooking(
      professionalId: number,
      clientId: number,
      reviews: { rating: number; comment: string }[],
    ): Promise<void> {
      for (const review of reviews)
        await manager.getRepository(Review).insert({ professionalId, clientId, orderDetailId: null, ...review });
    },

    /** The professional's service area (null: none), written to its columns as the catalogue's writers save it. */
    async setArea(
      id: number,
      area: { localityId: string; radiusKm: number; extraLocalityIds?: string[]; excludedLocalityIds?: string[] } | null,
    ): Promise<void> {
      await professionals.update(
        { id },
        {
          areaLocalityId: area?.localityId ?? null,
          areaRadiusKm: area?.radiusKm ?? null,
          areaExtraLocalityIds: area?.extraLocalityIds ?? [],
          areaExcludedLocalityIds: area?.excludedLocalityIds ?? [],
        },
      );
    },

    async setRating(id: number, rating: number): Promise<void> {
      await professionals.update({ id }, { rating });
    },

    /** The name the listing sorts and searches by, alone. */
    async setSearchName(id: number, searchName: string): Promise<void> {
      await professionals.update({ id }, { searchName });
    },

    /** Gives the profile exactly these professions. */
    async setProfessions(id: number, professionIds: number[]): Promise<void> {
      const profile = await professionals.findOneOrFail({ where: { id }, relations: { professions: true } });
      profile.professions = professionIds.map((professionId) => professions.create({ id: professionId }));
      await professionals.save(profile);
    },

    /** Locks the profile, changes its rating, then gives it these professions: the order of the app's writers. */
    async rateAndSetProfessions(id: number, rating: number, professionIds: number[]): Promise<void> {
      await professionals.findOneOrFail({ where: { id }, lock: { mode: 'pessimistic_write' } });
      await professionals.update({ id }, { rating });
      const profile = await professionals.findOneOrFail({ where: { id }, relations: { professions: true } });
      profile.professions = professionIds.map((professionId) => professions.create({ id: professionId }));
      await professionals.save(profile);
    },

    /** Adds the profession to each of these professionals. */
    async giveProfession(professionId: number, professionalIds: number[]): Promise<void> {
      for (const id of professionalIds) {
        const profile = await professionals.findOneOrFail({ where: { id }, relations: { professions: true } });
        profile.professions = [...profile.professions, professions.create({ id: professionId })];
        await professionals.save(profile);
      }
    },

    /** An account deleted: its profile and professions go by cascade. */
    async deleteAccount(id: number): Promise<void> {
      await manager.getRepository(User).delete({ id });
    },

    async addProfession(name: string): Promise<number> {
      return (await professions.save({ name })).id;
    },

    async renameProfession(id: number, name: string): Promise<void> {
      await professions.update({ id }, { name });
    },

    async deleteProfession(id: number): Promise<void> {
      await professions.delete({ id });
    },
  };
}
