import { DAYS, type Cents, type Day } from '@oficios/domain';

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same catalogue. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function pickSome<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return chosen;
}

export const FIRST_NAMES = [
  'Lucía',
  'Martín',
  'Sofía',
  'Mateo',
  'Valentina',
  'Santiago',
  'Camila',
  'Benjamín',
  'Isabella',
  'Joaquín',
  'Martina',
  'Tomás',
  'Emilia',
  'Nicolás',
  'Catalina',
  'Agustín',
  'Florencia',
  'Facundo',
  'Julieta',
  'Álvaro',
  'Renata',
  'Gonzalo',
  'Paula',
  'Diego',
  'Ximena',
  'Rodrigo',
  'Carolina',
  'Ignacio',
  'Daniela',
  'Sebastián',
  'Andrea',
  'Héctor',
  'Mariana',
  'Óscar',
  'Natalia',
  'Raúl',
  'Verónica',
  'Esteban',
  'Gabriela',
  'Pablo',
  'Ana',
  'Bruno',
  'Inés',
  'Jorge',
  'Rocío',
  'Emilio',
  'Ángela',
  'Víctor',
] as const;

export const LAST_NAMES = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
] as const;

const STREETS = [
  'Av. Corrientes',
  'Calle Florida',
  'Av. Santa Fe',
  'Calle Mayor',
  'Av. de Mayo',
  'Calle San Martín',
  'Av. Rivadavia',
  'Calle Belgrano',
  'Av. Libertador',
  'Calle Sarmiento',
  'Av. Colón',
  'Calle Alcalá',
  'Calle Gran Vía',
  'Av. Insurgentes',
  'Calle Reforma',
  'Av. Providencia',
] as const;

const CITIES = [
  'Buenos Aires',
  'Córdoba',
  'Rosario',
  'Mendoza',
  'Montevideo',
  'Santiago',
  'Madrid',
  'Valencia',
  'Ciudad de México',
  'Guadalajara',
  'Bogotá',
  'Medellín',
  'Lima',
  'Quito',
] as const;

/** Bios as professionals write them: their own words, never made up from their trades. */
const ABOUTS = [
  'Trabajo con prolijidad y puntualidad. Dejo todo limpio al terminar.',
  'Más de diez años de oficio en la zona. Presupuesto sin cargo.',
  'Presupuesto sin cargo y garantía escrita en cada trabajo.',
  'Atiendo urgencias y trabajos programados, también sábados.',
  'Herramientas propias y materiales de primera. Consultame antes de comprar.',
  '',
] as const;

export const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: ['Excelente trabajo, muy recomendable.', 'Impecable y puntual, volvería a contratarlo.', 'Resolvió todo en un día, un genio.'],
  4: ['Muy buen trabajo, llegó un poco tarde.', 'Buena atención y precio justo.', 'Conforme con el resultado.'],
  3: ['Cumplió, aunque tardó más de lo previsto.', 'Trabajo correcto, nada especial.', 'Aceptable, faltó limpiar al terminar.'],
  2: ['Tuve que llamarlo dos veces para terminar.', 'El resultado no fue el esperado.'],
  1: ['No recomiendo, dejó el trabajo a medias.', 'Muy impuntual y poco prolijo.'],
};

/** Avatar path served by the API (/avatars): initials and a hue, drawn locally as SVG. */
export function avatarPath(firstName: string, lastName: string, hue: number): string {
  const initials = `${firstName}`.charAt(0) + `${lastName}`.charAt(0);
  const ascii = initials
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  return `/avatars/${ascii}-${hue}.svg`;
}

export interface SeedPerson {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: string;
  profileImg: string;
}

export interface SeedProfessional extends SeedPerson {
  aboutMe: string;
  dayPriceCents: Cents;
  availableDays: Day[];
  professionNames: string[];
  /** The professional's usual quality (1-5); its reviews gather around it. */
  quality: number;
}

export function buildPerson(random: Random, index: number, kind: 'pro' | 'cliente'): SeedPerson {
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const emailName = `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return {
    firstName,
    lastName,
    email: `${emailName}.${kind}${index}@oficios.local`,
    phoneNumber: `+54 9 11 ${String(4000 + Math.floor(random() * 5999))}-${String(1000 + Math.floor(random() * 8999))}`,
    address: `${pick(random, STREETS)} ${100 + Math.floor(random() * 4800)}, ${pick(random, CITIES)}`,
    profileImg: avatarPath(firstName, lastName, Math.floor(random() * 360)),
  };
}

export function buildProfessional(random: Random, index: number, professionNames: readonly string[]): SeedProfessional {
  const person = buildPerson(random, index, 'pro');
  const chosen = pickSome(random, professionNames, 1 + Math.floor(random() * 3));
  const days = pickSome(random, DAYS, 2 + Math.floor(random() * 5));
  return {
    ...person,
    professionNames: chosen,
    availableDays: DAYS.filter((day) => days.includes(day)),
    // 8.000 to 43.000 pesos, in whole thousands.
    dayPriceCents: (8000 + Math.floor(random() * 36) * 1000) * 100,
    aboutMe: pick(random, ABOUTS),
    quality: 1 + Math.floor(random() * 5),
  };
}

/** A review rating near the professional's usual quality. */
export function reviewRating(random: Random, quality: number): number {
  const drift = random() < 0.6 ? 0 : random() < 0.5 ? -1 : 1;
  return Math.min(5, Math.max(1, quality + drift));
}
