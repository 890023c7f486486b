/** Working days a professional can offer: Sunday is never bookable. */
export const DAYS = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'] as const;
export type Day = (typeof DAYS)[number];

export const ORDER_STATUSES = ['creada', 'procesando', 'cancelada', 'completa'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const USER_TYPES = ['cliente', 'profesional', 'administrador'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Professionals per listing page; pagination shows only above this. */
export const PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 100;
export const MAX_RATING = 5;
/** Professional reviews shown on the professional's own profile. */
export const PROFILE_REVIEWS_SHOWN = 9;
/** Most matches `GET /home?search=` answers. */
export const SEARCH_RESULTS_LIMIT = 50;

/** The catalogue's professions, as seeded. */
export const PROFESSION_NAMES = [
  'aire acondicionado',
  'albañil',
  'carpintero',
  'cerrajero',
  'electricista',
  'gasista',
  'herrero',
  'jardinero',
  'mecánico',
  'plomero',
  'pintor',
  'técnico PC',
] as const;

/** Responsive grid: 1 column extra small, 3 medium, 4 large (antd Col spans of 24). */
export const GRID_SPANS = { xs: 24, md: 8, lg: 6 } as const;
