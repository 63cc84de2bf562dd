import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { policeStations } from '../../db/schema/index';
import { DEMO_POLICE_STATION_COUNT, seedDemoPoliceStations } from './demo-police-stations';
import { importPoliceStations } from './import-police-stations';
import { SKIP_REASONS } from './police-stations-file';

const BOM = '\uFEFF';
const POLICE_COLUMNS = [
  'service',
  'adresse_geographique',
  'voie',
  'code_postal',
  'commune',
  'code_commune_insee',
  'departement',
  'telephone',
  'geocodage_x_GPS',
  'geocodage_y_GPS',
  'geocodage_epsg',
  'geocodage_x',
  'geocodage_y',
  'url',
  'horaires_accueil',
];
const DAYS = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
  'jours_feries',
];
const GENDARMERIE_COLUMNS = [
  'identifiant_public_unite',
  ...POLICE_COLUMNS.filter((column) => column !== 'horaires_accueil'),
  ...DAYS.flatMap((day) =>
    [1, 2, 3].flatMap((slot) => [`${day}_plage${slot}_debut`, `${day}_plage${slot}_fin`]),
  ),
];

/** One line of a semicolon file, from the named values; other columns stay empty. */
function line(columns: string[], values: Record<string, string>): string {
  return columns.map((column) => values[column] ?? '').join(';');
}

const policeFile = (rows: Record<string, string>[]) =>
  `${BOM}${[POLICE_COLUMNS.join(';'), ...rows.map((row) => line(POLICE_COLUMNS, row))].join('\r\n')}\r\n`;
const gendarmerieFile = (rows: Record<string, string>[]) =>
  `${[GENDARMERIE_COLUMNS.join(';'), ...rows.map((row) => line(GENDARMERIE_COLUMNS, row))].join('\n')}\n`;

const toulouseCentral = {
  service: 'Commissariat central de Toulouse',
  adresse_geographique: "23 boulevard de l'Embouchure 31200 Toulouse",
  voie: "23 boulevard de l'Embouchure",
  code_postal: '31200',
  commune: 'Toulouse',
  code_commune_insee: '31555',
  departement: '31',
  telephone: '+33 5 61 12 77 77',
  geocodage_x_GPS: '1.4275',
  geocodage_y_GPS: '43.6165',
  geocodage_epsg: '4326',
  url: 'https://www.example.test/commissariat-toulouse',
  horaires_accueil: 'Ouvert 24h/24, 7j/7',
};
const blagnac = {
  service: 'Bureau de police de Blagnac',
  voie: '3 place des Arts',
  code_postal: '31700',
  commune: 'Blagnac',
  code_commune_insee: '31069',
  departement: '31',
  telephone: '+33 5 61 71 00 00',
  // A French decimal comma, as some exports have.
  geocodage_x_GPS: '1,3897',
  geocodage_y_GPS: '43,6371',
};

describe('importPoliceStations', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'police-stations-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const write = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, text, 'utf8');
    return file;
  };
  const stationsOf = (kind: string) =>
    t.db
      .select()
      .from(policeStations)
      .where(eq(policeStations.kind, kind))
      .orderBy(asc(policeStations.name));

  it('imports the police file (BOM, horaires_accueil), skipping rows that are not stations, with reasons', async () => {
    const file = await write(
      'commissariats.csv',
      policeFile([
        toulouseCentral,
        {
          ...toulouseCentral,
          service: "Centre d'information et de recrutement de la police nationale",
        },
        {
          ...toulouseCentral,
          service: 'Bureau de police sans position',
          geocodage_x_GPS: '',
          geocodage_y_GPS: '',
        },
        {
          ...toulouseCentral,
          service: 'Bureau de police mal placé',
          geocodage_x_GPS: 'abc',
          geocodage_y_GPS: '43.6',
        },
        {
          ...toulouseCentral,
          service: 'Bureau de police au large',
          geocodage_x_GPS: '0',
          geocodage_y_GPS: '0',
        },
        blagnac,
        { ...toulouseCentral, telephone: '+33 5 00 00 00 00' },
        { ...toulouseCentral, service: '' },
      ]),
    );
    const result = await importPoliceStations(t.db, { file, kind: 'commissariat' });

    expect(result).toMatchObject({ inserted: 2, updated: 0, unchanged: 0 });
    expect(result.skipped).toEqual([
      {
        line: 3,
        service: "Centre d'information et de recrutement de la police nationale",
        reason: SKIP_REASONS.recruitmentCentre,
      },
      {
        line: 4,
        service: 'Bureau de police sans position',
        reason: SKIP_REASONS.invalidCoordinates,
      },
      { line: 5, service: 'Bureau de police mal placé', reason: SKIP_REASONS.invalidCoordinates },
      { line: 6, service: 'Bureau de police au large', reason: SKIP_REASONS.invalidCoordinates },
      { line: 8, service: 'Commissariat central de Toulouse', reason: 'same station as line 2' },
      { line: 9, service: '', reason: SKIP_REASONS.missingName },
    ]);

    const [blagnacRow, toulouseRow] = await stationsOf('commissariat');
    expect(toulouseRow).toMatchObject({
      kind: 'commissariat',
      name: 'Commissariat central de Toulouse',
      address: "23 boulevard de l'Embouchure 31200 Toulouse",
      postalCode: '31200',
      city: 'Toulouse',
      inseeCode: '31555',
      departmentCode: '31',
      phoneNumber: '+33 5 61 12 77 77',
      latitude: 43.6165,
      longitude: 1.4275,
      openingHours: 'Ouvert 24h/24, 7j/7',
      url: 'https://www.example.test/commissariat-toulouse',
      isDemo: false,
    });
    // No adresse_geographique: the address is built from the street, postal code and commune.
    expect(blagnacRow).toMatchObject({
      name: 'Bureau de police de Blagnac',
      address: '3 place des Arts, 31700 Blagnac',
      latitude: 43.6371,
      longitude: 1.3897,
      openingHours: null,
      url: null,
    });
  });

  it('updates on re-import instead of duplicating, and leaves unchanged rows alone', async () => {
    const file = await write(
      'commissariats-v2.csv',
      policeFile([{ ...toulouseCentral, telephone: '+33 5 61 12 00 00' }, blagnac]),
    );
    const result = await importPoliceStations(t.db, { file, kind: 'commissariat' });
    expect(result).toEqual({ inserted: 0, updated: 1, unchanged: 1, skipped: [] });

    const rows = await stationsOf('commissariat');
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.city === 'Toulouse')?.phoneNumber).toBe('+33 5 61 12 00 00');

    const again = await importPoliceStations(t.db, { file, kind: 'commissariat' });
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: 2, skipped: [] });
  });

  it('imports the gendarmerie file (no BOM, opening-hour slot columns) keyed by the unit id', async () => {
    const balma = {
      identifiant_public_unite: '10034',
      service: 'Brigade de proximité de Balma',
      adresse_geographique: '1 avenue de la Plaine 31130 Balma',
      code_postal: '31130',
      commune: 'Balma',
      code_commune_insee: '31044',
      departement: '31',
      telephone: '+33 5 61 24 00 00',
      geocodage_x_GPS: '1.4992',
      geocodage_y_GPS: '43.6108',
      lundi_plage1_debut: '08:00',
      lundi_plage1_fin: '12:00',
      lundi_plage2_debut: '14:00',
      lundi_plage2_fin: '18:00',
      samedi_plage1_debut: '09:00',
      samedi_plage1_fin: '12:00',
      jours_feries_plage1_debut: '09:00',
      jours_feries_plage1_fin: '12:00',
    };
    const ajaccio = {
      identifiant_public_unite: '20001',
      service: "Brigade territoriale autonome d'Ajaccio",
      adresse_geographique: '2 cours Napoléon 20000 Ajaccio',
      code_postal: '20000',
      commune: 'Ajaccio',
      code_commune_insee: '2A004',
      departement: '2a',
      geocodage_x_GPS: '8.7369',
      geocodage_y_GPS: '41.9267',
    };
    const file = await write(
      'gendarmeries.csv',
      gendarmerieFile([
        balma,
        { ...balma, identifiant_public_unite: '10035', service: 'Peloton motorisé de Toulouse' },
        {
          ...balma,
          identifiant_public_unite: '10036',
          service: 'Brigade hors du monde',
          geocodage_y_GPS: '95',
        },
        ajaccio,
      ]),
    );
    const result = await importPoliceStations(t.db, { file, kind: 'gendarmerie' });
    expect(result).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      skipped: [
        { line: 3, service: 'Peloton motorisé de Toulouse', reason: SKIP_REASONS.motorisedUnit },
        { line: 4, service: 'Brigade hors du monde', reason: SKIP_REASONS.invalidCoordinates },
      ],
    });
    const gendarmeries = await stationsOf('gendarmerie');
    const balmaRow = gendarmeries.find((row) => row.city === 'Balma');
    const ajaccioRow = gendarmeries.find((row) => row.city === 'Ajaccio');
    expect(balmaRow).toMatchObject({
      sourceKey: '10034',
      openingHours: 'Lundi 08:00-12:00, 14:00-18:00; Samedi 09:00-12:00; Jours fériés 09:00-12:00',
      phoneNumber: '+33 5 61 24 00 00',
    });
    expect(ajaccioRow).toMatchObject({
      departmentCode: '2A',
      phoneNumber: null,
      openingHours: null,
    });

    // The unit id is the key: a renamed unit is updated, not added.
    const renamed = await write(
      'gendarmeries-v2.csv',
      gendarmerieFile([{ ...balma, service: 'Brigade de Balma' }]),
    );
    expect(await importPoliceStations(t.db, { file: renamed, kind: 'gendarmerie' })).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    expect((await stationsOf('gendarmerie')).map((row) => `${row.sourceKey} ${row.name}`)).toEqual([
      '10034 Brigade de Balma',
      "20001 Brigade territoriale autonome d'Ajaccio",
    ]);
  });

  it('refuses a file that is not a station file, writing nothing', async () => {
    const before = await t.db.select().from(policeStations);
    const file = await write('other.csv', 'nom;latitude;longitude\nToulouse;43.6;1.44\n');
    await expect(importPoliceStations(t.db, { file, kind: 'commissariat' })).rejects.toThrow(
      /service, geocodage_x_gps, geocodage_y_gps/,
    );
    expect(await t.db.select().from(policeStations)).toHaveLength(before.length);
  });

  it('seeds the demo stations around Toulouse once, marked as demo', async () => {
    expect(await seedDemoPoliceStations(t.db)).toEqual({
      inserted: DEMO_POLICE_STATION_COUNT,
      updated: 0,
      unchanged: 0,
    });
    expect(await seedDemoPoliceStations(t.db)).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: DEMO_POLICE_STATION_COUNT,
    });
    const demo = await t.db.select().from(policeStations).where(eq(policeStations.isDemo, true));
    expect(demo).toHaveLength(DEMO_POLICE_STATION_COUNT);
    expect(DEMO_POLICE_STATION_COUNT).toBeGreaterThanOrEqual(10);
    for (const station of demo) {
      expect(station.name).toMatch(/\(démo\)$/);
      expect(station.departmentCode).toBe('31');
      expect(Math.abs(station.latitude - 43.6)).toBeLessThan(0.2);
      expect(Math.abs(station.longitude - 1.44)).toBeLessThan(0.2);
    }
  });
});
