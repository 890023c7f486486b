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

/** A region of the demo: its streets, phone area code and the radii its professionals work within. */
interface DemoRegion {
  streets: readonly string[];
  areaCode: '11' | '341' | '351' | '261';
  radiusKm: readonly [min: number, max: number];
}

const REGIONS = {
  caba: {
    streets: [
      'Av. Rivadavia',
      'Av. Corrientes',
      'Av. Santa Fe',
      'Av. Cabildo',
      'Av. Scalabrini Ortiz',
      'Av. Díaz Vélez',
      'Av. Acoyte',
      'Yatay',
    ],
    areaCode: '11',
    radiusKm: [5, 15],
  },
  gba: {
    streets: ['Av. Rivadavia', 'Av. San Martín', 'Belgrano', 'Av. Mitre', 'Av. Hipólito Yrigoyen', 'Sarmiento', 'Av. Maipú'],
    areaCode: '11',
    radiusKm: [10, 25],
  },
  rosario: { streets: ['Bv. Oroño', 'Córdoba', 'Av. Pellegrini', 'San Lorenzo', 'Av. Francia'], areaCode: '341', radiusKm: [15, 40] },
  cordoba: {
    streets: ['Av. Colón', 'Bv. San Juan', 'Deán Funes', 'Av. Vélez Sarsfield', 'Av. Rafael Núñez'],
    areaCode: '351',
    radiusKm: [15, 40],
  },
  mendoza: {
    streets: ['Av. San Martín', 'Las Heras', 'Av. Emilio Civit', 'Sarmiento', 'Av. Arístides Villanueva'],
    areaCode: '261',
    radiusKm: [15, 40],
  },
} as const satisfies Record<string, DemoRegion>;

type RegionName = keyof typeof REGIONS;

/** A real locality (Georef AR's INDEC id and name) people of the demo live and work in. */
export interface DemoPlace {
  localityId: string;
  name: string;
  region: RegionName;
}

/** CABA barrios, Gran Buenos Aires, Rosario, Córdoba and Mendoza; a place's weight is how often it repeats. */
export const DEMO_PLACES: readonly DemoPlace[] = [
  { localityId: '0204201001', name: 'Caballito', region: 'caba' },
  { localityId: '0209801001', name: 'Palermo', region: 'caba' },
  { localityId: '0209101001', name: 'Belgrano', region: 'caba' },
  { localityId: '0210501005', name: 'Villa Crespo', region: 'caba' },
  { localityId: '0203501001', name: 'Almagro', region: 'caba' },
  { localityId: '0204901001', name: 'Flores', region: 'caba' },
  { localityId: '0201401001', name: 'Recoleta', region: 'caba' },
  { localityId: '0208401004', name: 'Villa Urquiza', region: 'caba' },
  { localityId: '0656801004', name: 'Morón', region: 'gba' },
  { localityId: '0656801001', name: 'Castelar', region: 'gba' },
  { localityId: '0642701009', name: 'Ramos Mejía', region: 'gba' },
  { localityId: '0675601005', name: 'San Isidro', region: 'gba' },
  { localityId: '0686101006', name: 'Olivos', region: 'gba' },
  { localityId: '0665801006', name: 'Quilmes', region: 'gba' },
  { localityId: '0649001003', name: 'Lomas de Zamora', region: 'gba' },
  { localityId: '82084270', name: 'Rosario', region: 'rosario' },
  { localityId: '82084270', name: 'Rosario', region: 'rosario' },
  { localityId: '82084140', name: 'Funes', region: 'rosario' },
  { localityId: '14014010', name: 'Córdoba', region: 'cordoba' },
  { localityId: '14014010', name: 'Córdoba', region: 'cordoba' },
  { localityId: '14091250', name: 'Villa Carlos Paz', region: 'cordoba' },
  { localityId: '50007010', name: 'Mendoza', region: 'mendoza' },
  { localityId: '50007010', name: 'Mendoza', region: 'mendoza' },
  { localityId: '50021010', name: 'Godoy Cruz', region: 'mendoza' },
];

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
  /** "Av. Rivadavia 5200, Caballito": a street of the person's locality, which ends it. */
  address: string;
  profileImg: string;
  /** The address's locality (`users.locality_id`). */
  localityId: string;
}

/** Where a seeded professional works (the `professionals.area_*` columns). */
export interface SeedServiceArea {
  localityId: string;
  radiusKm: number;
  extraLocalityIds: string[];
  excludedLocalityIds: string[];
}

export interface SeedProfessional extends SeedPerson {
  aboutMe: string;
  dayPriceCents: Cents;
  availableDays: Day[];
  professionNames: string[];
  /** The professional's usual quality (1-5); its reviews gather around it. */
  quality: number;
  /** Based at the address's locality. */
  serviceArea: SeedServiceArea;
}

/** A phone of the place's area code: "+54 9 11 4321-5678", "+54 9 341 432-5678". */
function phoneOf(random: Random, areaCode: DemoRegion['areaCode']): string {
  const line = String(1000 + Math.floor(random() * 8999));
  const exchange = areaCode === '11' ? 4000 + Math.floor(random() * 5999) : 400 + Math.floor(random() * 599);
  return `+54 9 ${areaCode} ${exchange}-${line}`;
}

export function buildPerson(random: Random, index: number, kind: 'pro' | 'cliente'): SeedPerson {
  const place = pick(random, DEMO_PLACES);
  const region: DemoRegion = REGIONS[place.region];
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
    phoneNumber: phoneOf(random, region.areaCode),
    address: `${pick(random, region.streets)} ${100 + Math.floor(random() * 4800)}, ${place.name}`,
    profileImg: avatarPath(firstName, lastName, Math.floor(random() * 360)),
    localityId: place.localityId,
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
    serviceArea: buildServiceArea(random, person.localityId),
  };
}

/**
 * An area around the base as its region's professionals have them (CABA 5-15 km, Gran Buenos Aires 10-25, the
 * cities 15-40); a few also take a farther place of their region, or leave a near one out.
 */
export function buildServiceArea(random: Random, baseId: string): SeedServiceArea {
  const base = DEMO_PLACES.find((place) => place.localityId === baseId)!;
  const [min, max] = REGIONS[base.region].radiusKm;
  const neighbours = [
    ...new Set(DEMO_PLACES.filter((place) => place.region === base.region && place.localityId !== baseId).map((p) => p.localityId)),
  ];
  const extra = random() < 0.15 ? [pick(random, neighbours)] : [];
  const excluded =
    random() < 0.1
      ? [
          pick(
            random,
            neighbours.filter((id) => !extra.includes(id)),
          ),
        ]
      : [];
  return {
    localityId: baseId,
    radiusKm: min + Math.floor(random() * (max - min + 1)),
    extraLocalityIds: extra,
    excludedLocalityIds: excluded,
  };
}

/** A review rating near the professional's usual quality. */
export function reviewRating(random: Random, quality: number): number {
  const drift = random() < 0.6 ? 0 : random() < 0.5 ? -1 : 1;
  return Math.min(5, Math.max(1, quality + drift));
}
