import type {
  ListingPage,
  ManagedProfessional,
  Profession,
  ProfessionalContact,
  ProfessionalDetail,
  ProfessionalListItem,
  Review,
} from '@oficios/domain';

export const PROFESSIONS: Profession[] = [
  { id: 1, name: 'plomero' },
  { id: 2, name: 'gasista' },
  { id: 3, name: 'electricista' },
  { id: 4, name: 'técnico PC' },
  { id: 5, name: 'aire acondicionado' },
];

export function professional(id: number, overrides: Partial<ProfessionalListItem> = {}): ProfessionalListItem {
  return {
    id,
    firstName: `Nombre${id}`,
    lastName: `Apellido${id}`,
    // Hidden in every public answer.
    email: null,
    phoneNumber: null,
    address: null,
    locality: `Localidad ${id}`,
    profileImg: `/avatars/${id}.svg`,
    professions: [{ id: 1, name: 'plomero' }],
    availableDays: ['lunes', 'martes'],
    dayPrice: 1000,
    rating: 4,
    reputation: 3,
    ...overrides,
  };
}

export function listingPage(count: number, { total = count, page = 1 }: { total?: number; page?: number } = {}): ListingPage {
  return { items: Array.from({ length: count }, (_, i) => professional(i + 1)), total, page, pageSize: 8 };
}

export function review(id: number, professionalId: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    clientId: 100 + id,
    professionalId,
    orderDetailId: null,
    comment: `Comentario ${id}`,
    rating: 5,
    createdAt: '2025-01-01T10:00:00.000Z',
    client: { id: 100 + id, firstName: `Cliente${id}`, profileImg: null },
    ...overrides,
  };
}

export function professionalDetail(id: number, overrides: Partial<ProfessionalDetail> = {}): ProfessionalDetail {
  return { ...professional(id), aboutMe: 'Trabajo con garantia.', serviceArea: null, ...overrides };
}

/** The contact the public answers hide (`GET /api/professionals/{id}/contact`). */
export function professionalContact(id: number, overrides: Partial<ProfessionalContact> = {}): ProfessionalContact {
  return {
    email: `p${id}@oficios.test`,
    phoneNumber: `11 5555 00${String(id).padStart(2, '0')}`,
    address: `Calle ${id} 123, Localidad ${id}`,
    ...overrides,
  };
}

/** The professional as the administrators' editor loads it: the detail with its contact. */
export function managedProfessional(id: number, overrides: Partial<ManagedProfessional> = {}): ManagedProfessional {
  return { ...professionalDetail(id), ...professionalContact(id), ...overrides };
}
