/**
 * The discovery benchmark's searches (run.ts), shared with the index walk's (index-walk.ts): the
 * cities they are made around and their four shapes, as form bodies and as criteria.
 */
import type pg from 'pg';
import { normalizeCriteria, type SearchCriteria } from '@app/domain';

/** Big cities and smaller towns, so that radius searches see dense and sparse areas. */
export const CITIES = [
  { name: 'Paris', latitude: 48.8566, longitude: 2.3522 },
  { name: 'Lyon', latitude: 45.764, longitude: 4.8357 },
  { name: 'Marseille', latitude: 43.2965, longitude: 5.3698 },
  { name: 'Toulouse', latitude: 43.6045, longitude: 1.4442 },
  { name: 'Bordeaux', latitude: 44.8378, longitude: -0.5792 },
  { name: 'Lille', latitude: 50.6292, longitude: 3.0573 },
  { name: 'Nantes', latitude: 47.2184, longitude: -1.5536 },
  { name: 'Rennes', latitude: 48.1173, longitude: -1.6778 },
  { name: 'Clermont-Ferrand', latitude: 45.7772, longitude: 3.087 },
  { name: 'Aurillac', latitude: 44.9264, longitude: 2.4406 },
];

/** The catalogue ids the shapes name, read from the bench database. */
export async function catalogueIds(client: pg.Client) {
  const one = async (text: string) => Number((await client.query(text)).rows[0]?.id);
  return {
    car: await one(`select id from vehicle_types where code = 'CAR'`),
    scooter: await one(`select id from vehicle_types where code = 'SCOOTER'`),
    eBike: await one(`select id from vehicle_types where code = 'ELECTRIC_BICYCLE'`),
    renault: await one(`select id from brands where normalized_name = 'renault' and approved`),
  };
}

/** The four search shapes: text + two filters + 50 km, by proximity. */
export function searchShapes(
  catalogue: Awaited<ReturnType<typeof catalogueIds>>,
): Record<string, string>[] {
  return [
    {
      researchText: 'peugeot rouge',
      vehicleTypeIds: `[${catalogue.car}]`,
      energies: '["GASOIL","DIESEL"]',
    },
    {
      researchText: 'vélo électrique',
      vehicleTypeIds: `[${catalogue.eBike}]`,
      colors: '["BLACK","WHITE","GREY"]',
    },
    {
      researchText: 'scooter noir',
      vehicleTypeIds: `[${catalogue.scooter}]`,
      energies: '["GASOIL"]',
    },
    {
      researchText: 'clio',
      brandIds: `[${catalogue.renault}]`,
      colors: '["WHITE","GREY","BLACK"]',
    },
  ];
}

/** A shape's criteria around a city, 50 km, as the server reads its form body. */
export function criteriaOf(
  shape: Record<string, string>,
  city: (typeof CITIES)[number],
): SearchCriteria {
  return normalizeCriteria({
    researchText: shape.researchText ?? null,
    vehicleTypeIds: JSON.parse(shape.vehicleTypeIds ?? '[]'),
    brandIds: JSON.parse(shape.brandIds ?? '[]'),
    colors: JSON.parse(shape.colors ?? '[]'),
    energies: JSON.parse(shape.energies ?? '[]'),
    latitude: city.latitude,
    longitude: city.longitude,
    locationRadius: 50,
  });
}
