import { and, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { communes } from '../../db/schema/index';
import type { Random } from './random';

/** Place du Capitole: the centre of the demo set. */
export const TOULOUSE_CENTRE = { latitude: 43.6045, longitude: 1.444 } as const;
export const DEMO_RADIUS_KM = 25;
const TOULOUSE_INSEE = '31555';

export interface TheftPlace {
  address: string;
  latitude: number;
  longitude: number;
  departmentCode: '31';
  city: string;
}

interface Commune {
  name: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  population: number;
}

export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Streets of Toulouse with their postal code and a point on them, so that the demo markers fall in
 * the right neighbourhood (Capitole, Saint-Cyprien, Rangueil, Minimes…).
 */
const TOULOUSE_STREETS: readonly (readonly [
  street: string,
  postalCode: string,
  lat: number,
  lng: number,
])[] = [
  ['rue Alsace-Lorraine', '31000', 43.603, 1.4455],
  ['rue de Metz', '31000', 43.6003, 1.445],
  ['allées Jean-Jaurès', '31000', 43.6075, 1.4505],
  ['boulevard de Strasbourg', '31000', 43.609, 1.447],
  ['rue du Taur', '31000', 43.6065, 1.442],
  ['rue Bayard', '31000', 43.6105, 1.453],
  ['rue Pargaminières', '31000', 43.604, 1.439],
  ['rue de la Colombette', '31000', 43.604, 1.456],
  ['rue des Filatiers', '31000', 43.5995, 1.443],
  ['avenue de Grande-Bretagne', '31300', 43.599, 1.415],
  ['avenue de Lombez', '31300', 43.596, 1.42],
  ['allées Charles-de-Fitte', '31300', 43.597, 1.43],
  ['avenue Étienne-Billières', '31300', 43.599, 1.427],
  ['avenue de Casselardit', '31300', 43.607, 1.408],
  ['avenue de Muret', '31300', 43.585, 1.43],
  ['route de Narbonne', '31400', 43.568, 1.462],
  ["avenue de l'URSS", '31400', 43.584, 1.453],
  ['boulevard des Récollets', '31400', 43.587, 1.445],
  ['avenue Jean-Rieux', '31500', 43.599, 1.472],
  ['avenue de la Gloire', '31500', 43.606, 1.47],
  ['avenue Camille-Pujol', '31500', 43.601, 1.464],
  ['avenue des Minimes', '31200', 43.62, 1.439],
  ['avenue de Fronton', '31200', 43.63, 1.43],
  ['route de Launaguet', '31200', 43.633, 1.448],
  ['avenue des États-Unis', '31200', 43.635, 1.431],
  ['avenue de Lardenne', '31100', 43.593, 1.39],
  ['route de Seysses', '31100', 43.57, 1.402],
  ['avenue de Reynerie', '31100', 43.572, 1.403],
];

/** Street names found in most towns around Toulouse. */
const TOWN_STREETS = [
  'rue de la République',
  'avenue de Toulouse',
  'rue Jean-Jaurès',
  'place de la Mairie',
  'chemin des Vignes',
  'rue des Écoles',
  'allée des Platanes',
  'avenue des Pyrénées',
  'rue du Stade',
  'impasse des Lilas',
  'rue Victor-Hugo',
  'chemin du Canal',
  'avenue de la Gare',
  'rue des Tilleuls',
] as const;

/**
 * Used only when the communes table has nothing for Haute-Garonne (a reference seed that did not
 * run): real communes around Toulouse with their centre.
 */
const FALLBACK_COMMUNES: readonly Commune[] = [
  {
    name: 'Toulouse',
    postalCode: '31000',
    latitude: 43.6045,
    longitude: 1.444,
    population: 500_000,
  },
  { name: 'Blagnac', postalCode: '31700', latitude: 43.6373, longitude: 1.39, population: 25_000 },
  {
    name: 'Colomiers',
    postalCode: '31770',
    latitude: 43.6112,
    longitude: 1.335,
    population: 40_000,
  },
  {
    name: 'Tournefeuille',
    postalCode: '31170',
    latitude: 43.5853,
    longitude: 1.3447,
    population: 28_000,
  },
  { name: 'Balma', postalCode: '31130', latitude: 43.6111, longitude: 1.4994, population: 17_000 },
  { name: 'Muret', postalCode: '31600', latitude: 43.4613, longitude: 1.3269, population: 26_000 },
  {
    name: 'Cugnaux',
    postalCode: '31270',
    latitude: 43.5373,
    longitude: 1.3446,
    population: 19_000,
  },
  {
    name: 'Castanet-Tolosan',
    postalCode: '31320',
    latitude: 43.516,
    longitude: 1.498,
    population: 14_000,
  },
  {
    name: 'Ramonville-Saint-Agne',
    postalCode: '31520',
    latitude: 43.546,
    longitude: 1.478,
    population: 15_000,
  },
  {
    name: "L'Union",
    postalCode: '31240',
    latitude: 43.6571,
    longitude: 1.4833,
    population: 12_000,
  },
  {
    name: 'Portet-sur-Garonne',
    postalCode: '31120',
    latitude: 43.5233,
    longitude: 1.4056,
    population: 10_000,
  },
  {
    name: 'Saint-Orens-de-Gameville',
    postalCode: '31650',
    latitude: 43.5536,
    longitude: 1.5343,
    population: 12_000,
  },
];

/** Communes of Haute-Garonne within the demo radius, read from the reference table. */
async function loadNearbyCommunes(db: Db): Promise<{ toulouse: Commune[]; towns: Commune[] }> {
  // A box of ±0.25° around the centre first (index), the exact distance next.
  const rows = await db
    .select({
      inseeCode: communes.inseeCode,
      name: communes.name,
      postalCode: communes.postalCode,
      latitude: communes.latitude,
      longitude: communes.longitude,
      population: communes.population,
    })
    .from(communes)
    .where(
      and(
        eq(communes.departmentCode, '31'),
        between(
          communes.latitude,
          TOULOUSE_CENTRE.latitude - 0.25,
          TOULOUSE_CENTRE.latitude + 0.25,
        ),
        between(
          communes.longitude,
          TOULOUSE_CENTRE.longitude - 0.33,
          TOULOUSE_CENTRE.longitude + 0.33,
        ),
      ),
    )
    .orderBy(communes.inseeCode, communes.postalCode);

  const toulouse: Commune[] = [];
  const towns = new Map<string, Commune>();
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null) continue;
    const commune = {
      name: row.name,
      postalCode: row.postalCode,
      latitude: row.latitude,
      longitude: row.longitude,
      population: row.population,
    };
    if (row.inseeCode === TOULOUSE_INSEE) toulouse.push(commune);
    // Keep the towns well inside the radius: the theft point moves up to 1.5 km from the centre.
    else if (
      distanceKm(TOULOUSE_CENTRE, commune) <= DEMO_RADIUS_KM - 2 &&
      !towns.has(row.inseeCode)
    ) {
      towns.set(row.inseeCode, commune);
    }
  }
  if (toulouse.length > 0 && towns.size > 0) return { toulouse, towns: [...towns.values()] };
  const [fallbackToulouse, ...fallbackTowns] = FALLBACK_COMMUNES;
  return { toulouse: [fallbackToulouse as Commune], towns: fallbackTowns };
}

/** A point about `maxKm` around another one, uniform over the disc. */
function jitter(random: Random, point: { latitude: number; longitude: number }, maxKm: number) {
  const distance = maxKm * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  const dLat = (distance * Math.cos(angle)) / 111.32;
  const dLng = (distance * Math.sin(angle)) / (111.32 * Math.cos((point.latitude * Math.PI) / 180));
  return {
    latitude: Math.round((point.latitude + dLat) * 1e6) / 1e6,
    longitude: Math.round((point.longitude + dLng) * 1e6) / 1e6,
  };
}

/** Draws theft places: a little over half in Toulouse itself, the rest in the towns around it. */
export async function createTheftPlaces(db: Db) {
  const { toulouse, towns } = await loadNearbyCommunes(db);
  const townWeights = towns.map(
    (town) => [town, Math.sqrt(Math.max(town.population, 500))] as const,
  );
  const toulouseName = toulouse[0]?.name ?? 'Toulouse';

  return (random: Random): TheftPlace => {
    const number = random.int(1, 140);
    if (random.chance(0.55)) {
      const [street, postalCode, latitude, longitude] = random.pick(TOULOUSE_STREETS);
      return {
        address: `${number} ${street}, ${postalCode} ${toulouseName}`,
        ...jitter(random, { latitude, longitude }, 0.4),
        departmentCode: '31',
        city: toulouseName,
      };
    }
    const town = random.weighted(townWeights);
    return {
      address: `${number} ${random.pick(TOWN_STREETS)}, ${town.postalCode} ${town.name}`,
      ...jitter(random, town, 1.5),
      departmentCode: '31',
      city: town.name,
    };
  };
}
