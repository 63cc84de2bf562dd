import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoliceStation } from '@app/domain';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { POLICE_STATIONS_TTL_MS } from './police-stations.service';
import {
  DEMO_POLICE_STATION_COUNT,
  seedDemoPoliceStations,
} from '../../seed/police-stations/demo-police-stations';
import { upsertPoliceStations } from '../../seed/police-stations/import-police-stations';
import type { PoliceStationRecord } from '../../seed/police-stations/police-stations-file';

const URL_PATH = '/policeStation/getAllPoliceStationInsideBounds';
/** Toulouse and its suburbs. */
const TOULOUSE_BOX = 'neLat=43.75&neLng=1.6&swLat=43.4&swLng=1.25';

function realStation(
  overrides: Partial<PoliceStationRecord> & Pick<PoliceStationRecord, 'sourceKey'>,
) {
  return {
    kind: 'commissariat' as const,
    name: 'Commissariat central de Toulouse',
    address: "23 boulevard de l'Embouchure 31200 Toulouse",
    postalCode: '31200',
    city: 'Toulouse',
    inseeCode: '31555',
    departmentCode: '31',
    phoneNumber: '+33 5 61 12 77 77',
    latitude: 43.6165,
    longitude: 1.4275,
    openingHours: null,
    url: null,
    ...overrides,
  };
}

/** Two apps, demo data on and off, each with the same stations: the demo ones and one real one. */
async function appWithStations(demoData: 'true' | 'false') {
  const t = await buildTestApp({ env: { DEMO_DATA: demoData } });
  await seedDemoPoliceStations(t.db);
  await upsertPoliceStations(t.db, [realStation({ sourceKey: 'real-toulouse' })]);
  return { t, user: await buildUser(t.db) };
}

describe('GET /policeStation/getAllPoliceStationInsideBounds', () => {
  let withDemo: { t: TestApp; user: TestUser };
  let withoutDemo: { t: TestApp; user: TestUser };
  beforeAll(async () => {
    withDemo = await appWithStations('true');
    withoutDemo = await appWithStations('false');
  });
  afterAll(async () => {
    await withDemo?.t.close();
    await withoutDemo?.t.close();
  });

  it('requires authentication', async () => {
    const res = await withDemo.t.app.inject({ method: 'GET', url: `${URL_PATH}?${TOULOUSE_BOX}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it.each([
    ['neLng=1.6&swLat=43.4&swLng=1.25', 'neLat'],
    ['neLat=43.75&neLng=1.6&swLat=43.4', 'swLng'],
    ['neLat=43.75&neLng=east&swLat=43.4&swLng=1.25', 'neLng'],
    ['neLat=43.75&neLng=1.6&swLat=-91&swLng=1.25', 'swLat'],
    ['neLat=43.75&neLng=1.6&swLat=&swLng=1.25', 'swLat'],
    ['neLat=43.3&neLng=1.6&swLat=43.4&swLng=1.25', 'neLat'],
  ])('rejects %s naming %s', async (query, field) => {
    const res = await withDemo.t.injectAs(withDemo.user, {
      method: 'GET',
      url: `${URL_PATH}?${query}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: field });
  });

  it('lists the stations inside the box, demo ones included when demo data is on', async () => {
    const res = await withDemo.t.injectAs(withDemo.user, {
      method: 'GET',
      url: `${URL_PATH}?${TOULOUSE_BOX}`,
    });
    expect(res.statusCode).toBe(200);
    const stations: PoliceStation[] = res.json();
    expect(stations).toHaveLength(DEMO_POLICE_STATION_COUNT + 1);
    expect(stations.find((station) => station.name === 'Commissariat central de Toulouse')).toEqual(
      {
        id: expect.any(Number),
        name: 'Commissariat central de Toulouse',
        address: "23 boulevard de l'Embouchure 31200 Toulouse",
        phoneNumber: '+33 5 61 12 77 77',
        department: '31 - Haute-Garonne',
        latitude: 43.6165,
        longitude: 1.4275,
        postalCode: '31200',
        kind: 'commissariat',
      },
    );
    expect(stations.filter((station) => station.kind === 'gendarmerie').length).toBeGreaterThan(0);
  });

  it('hides the demo stations when demo data is off', async () => {
    const res = await withoutDemo.t.injectAs(withoutDemo.user, {
      method: 'GET',
      url: `${URL_PATH}?${TOULOUSE_BOX}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((station: PoliceStation) => station.name)).toEqual([
      'Commissariat central de Toulouse',
    ]);
  });

  it('leaves out stations outside the box', async () => {
    // Only the city centre: Blagnac, Colomiers, Muret and the suburbs' brigades are outside.
    const res = await withDemo.t.injectAs(withDemo.user, {
      method: 'GET',
      url: `${URL_PATH}?neLat=43.61&neLng=1.45&swLat=43.6&swLng=1.44`,
    });
    expect(res.json().map((station: PoliceStation) => station.name)).toEqual([
      'Commissariat de Toulouse Centre (démo)',
    ]);
  });

  it('answers at most 500 stations, the nearest to the centre of the box first', async () => {
    const many = Array.from({ length: 510 }, (_, index) =>
      realStation({
        sourceKey: `grid-${index}`,
        name: `Poste ${index}`,
        latitude: 10 + (index % 30) * 0.01,
        longitude: 20 + Math.floor(index / 30) * 0.01,
      }),
    );
    await upsertPoliceStations(withoutDemo.t.db, many);
    withoutDemo.t.clock.advance(POLICE_STATIONS_TTL_MS);
    const res = await withoutDemo.t.injectAs(withoutDemo.user, {
      method: 'GET',
      url: `${URL_PATH}?neLat=11&neLng=21&swLat=9&swLng=19`,
    });
    const stations: PoliceStation[] = res.json();
    expect(stations).toHaveLength(500);
    expect(stations[0]?.name).toBe('Poste 0');
  });

  it('accepts a box that crosses the antimeridian', async () => {
    await upsertPoliceStations(withoutDemo.t.db, [
      realStation({
        sourceKey: 'pacific-east',
        name: 'Poste est',
        latitude: -17.5,
        longitude: 179.5,
      }),
      realStation({
        sourceKey: 'pacific-west',
        name: 'Poste ouest',
        latitude: -17.5,
        longitude: -179.5,
      }),
      realStation({
        sourceKey: 'pacific-far',
        name: 'Poste lointain',
        latitude: -17.5,
        longitude: 170,
      }),
    ]);
    withoutDemo.t.clock.advance(POLICE_STATIONS_TTL_MS);
    const res = await withoutDemo.t.injectAs(withoutDemo.user, {
      method: 'GET',
      url: `${URL_PATH}?neLat=-17&neLng=-179&swLat=-18&swLng=179`,
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((station: PoliceStation) => station.name)
        .sort(),
    ).toEqual(['Poste est', 'Poste ouest']);
  });

  it('lists a station imported while the server runs once the kept list expires', async () => {
    const box = 'neLat=45.01&neLng=6.01&swLat=44.99&swLng=5.99';
    const names = async () =>
      (await withoutDemo.t.injectAs(withoutDemo.user, { method: 'GET', url: `${URL_PATH}?${box}` }))
        .json()
        .map((station: PoliceStation) => station.name);
    expect(await names()).toEqual([]);
    await upsertPoliceStations(withoutDemo.t.db, [
      realStation({ sourceKey: 'alpes-new', name: 'Brigade nouvelle', latitude: 45, longitude: 6 }),
    ]);
    // Reference data: the list read from the database is kept POLICE_STATIONS_TTL_MS.
    withoutDemo.t.clock.advance(POLICE_STATIONS_TTL_MS - 1);
    expect(await names()).toEqual([]);
    withoutDemo.t.clock.advance(1);
    expect(await names()).toEqual(['Brigade nouvelle']);
  });
});
