import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper';
import { REFERENCE_DATA_DIR } from '../../../../test/reference-data-dir';
import { communes, departments, professions } from '../../../db/schema/index';
import { buildCommuneRows } from './geography-sources';
import { seedGeography } from './seed-geography';
import { PROFESSIONS, seedProfessions } from './seed-professions';

const silentLog = { info: () => {}, warn: () => {} };
const options = { referenceDataDir: REFERENCE_DATA_DIR, log: silentLog };

describe('geography and professions seed (run by the test template)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds the 101 departments with text codes', async () => {
    const rows = await t.db.select().from(departments);
    expect(rows).toHaveLength(101);
    const codes = rows.map((row) => row.code);
    expect(codes).toEqual(expect.arrayContaining(['01', '2A', '2B', '31', '971', '974', '976']));
    expect(codes).not.toContain('20');
    expect(rows.find((row) => row.code === '31')).toEqual({
      code: '31',
      name: 'Haute-Garonne',
      regionCode: '76',
      regionName: 'Occitanie',
    });
  });

  it('holds one row per commune and postal code, almost all with a centre', async () => {
    const [total] = await t.db.select({ n: count() }).from(communes);
    expect(total?.n).toBeGreaterThan(35_000);
    const [withoutCentre] = await t.db
      .select({ n: count() })
      .from(communes)
      .where(isNull(communes.latitude));
    expect(withoutCentre?.n).toBeLessThan(20);

    const toulouse = await t.db.select().from(communes).where(eq(communes.inseeCode, '31555'));
    expect(toulouse.map((row) => row.postalCode).sort()).toEqual([
      '31000',
      '31100',
      '31200',
      '31300',
      '31400',
      '31500',
    ]);
    expect(toulouse[0]).toMatchObject({
      name: 'Toulouse',
      searchName: 'toulouse',
      departmentCode: '31',
    });
    expect(toulouse[0]?.latitude).toBeCloseTo(43.596, 2);
    expect(toulouse[0]?.population).toBeGreaterThan(400_000);

    // Paris itself (no La Poste row of its own) takes the centre of the arrondissement with that code.
    const [paris16] = await t.db
      .select()
      .from(communes)
      .where(and(eq(communes.inseeCode, '75056'), eq(communes.postalCode, '75116')));
    expect(paris16?.latitude).toBeCloseTo(48.86, 2);
    expect(paris16?.longitude).toBeCloseTo(2.262, 2);
    const [saintEtienne] = await t.db
      .select()
      .from(communes)
      .where(eq(communes.inseeCode, '42218'));
    expect(saintEtienne?.searchName).toBe('saint etienne');
  });

  it('changes nothing when run again, and repairs a changed row', async () => {
    const again = await seedGeography(t.db, options);
    expect(again.departments).toBe(101);
    expect(again.communes.inserted).toBe(0);
    expect(again.communes.updated).toBe(0);
    expect(again.communes.unchanged).toBeGreaterThan(35_000);

    await t.db
      .update(communes)
      .set({ latitude: 0, longitude: 0 })
      .where(and(eq(communes.inseeCode, '31555'), eq(communes.postalCode, '31000')));
    await t.db.delete(communes).where(eq(communes.inseeCode, '31069'));
    const repaired = await seedGeography(t.db, options);
    expect(repaired.communes).toMatchObject({ inserted: 1, updated: 1 });
    const [toulouse] = await t.db
      .select()
      .from(communes)
      .where(and(eq(communes.inseeCode, '31555'), eq(communes.postalCode, '31000')));
    expect(toulouse?.latitude).toBeCloseTo(43.596, 2);
  });

  it('seeds the professions once, in order', async () => {
    await seedProfessions(t.db, options);
    const rows = await t.db.select().from(professions);
    expect(rows).toHaveLength(PROFESSIONS.length);
    expect(rows.find((row) => row.value === 'OTHER')?.position).toBe(PROFESSIONS.length - 1);
  });
});

describe('buildCommuneRows', () => {
  const laPoste = [
    'Code_commune_INSEE;Nom_commune;Code_postal;Ligne_5;Libellé_d_acheminement;coordonnees_gps',
    '31555;TOULOUSE;31000;;TOULOUSE;43.59,1.43',
    '31555;TOULOUSE;31100;;TOULOUSE;43.59,1.43',
    '13201;MARSEILLE 01;13001;;MARSEILLE;43.29,5.38',
    '01340;ANCIENNE;01300;;ANCIENNE;45.8,5.6',
    '60054;LES HAUTS TALICAN;60390;;LES HAUTS TALICAN;49.32,2.0',
    '55138;CULEY;55000;;CULEY;',
  ].join('\n');
  const commune = (fields: Record<string, unknown>) => ({
    type: 'commune-actuelle',
    departement: '31',
    ...fields,
  });
  const rows = buildCommuneRows(
    [
      commune({
        code: '31555',
        nom: 'Toulouse',
        codesPostaux: ['31000', '31100', '31200'],
        population: 500000,
      }),
      commune({ code: '13055', nom: 'Marseille', departement: '13', codesPostaux: ['13001'] }),
      {
        code: '13201',
        nom: 'Marseille 1er Arrondissement',
        type: 'arrondissement-municipal',
        commune: '13055',
        departement: '13',
        codesPostaux: ['13001'],
      },
      commune({
        code: '01015',
        nom: 'Arboys en Bugey',
        departement: '01',
        codesPostaux: ['01300'],
        anciensCodes: ['01340'],
      }),
      commune({
        code: '60694',
        nom: 'Les Hauts-Talican',
        departement: '60',
        codesPostaux: ['60390'],
      }),
      commune({ code: '55138', nom: 'Culey', departement: '55', codesPostaux: ['55000'] }),
      commune({
        code: '31999',
        nom: 'Déléguée',
        type: 'commune-deleguee',
        codesPostaux: ['31000'],
      }),
      commune({ code: '97501', nom: 'Saint-Pierre', departement: '975', codesPostaux: ['97500'] }),
      commune({ code: '98411', nom: 'Kerguelen', departement: '984' }),
    ] as never,
    laPoste,
    new Set(['01', '13', '31', '55', '60']),
  );
  const centreOf = (insee: string, postal: string) => {
    const row = rows.find((r) => r.inseeCode === insee && r.postalCode === postal);
    return row ? [row.latitude, row.longitude] : 'absent';
  };

  it('keeps current communes and arrondissements of the departments, one row per postal code', () => {
    expect(rows.map((row) => `${row.inseeCode}/${row.postalCode}`)).toEqual([
      '31555/31000',
      '31555/31100',
      '31555/31200',
      '13055/13001',
      '13201/13001',
      '01015/01300',
      '60694/60390',
      '55138/55000',
    ]);
    expect(rows[0]).toEqual({
      inseeCode: '31555',
      postalCode: '31000',
      name: 'Toulouse',
      searchName: 'toulouse',
      departmentCode: '31',
      latitude: 43.59,
      longitude: 1.43,
      population: 500000,
    });
  });

  it.each([
    ['its own La Poste row', '31555', '31100', [43.59, 1.43]],
    ['another postal code of the commune', '31555', '31200', [43.59, 1.43]],
    ['the arrondissement with that postal code', '13055', '13001', [43.29, 5.38]],
    ['its former INSEE code', '01015', '01300', [45.8, 5.6]],
    ['the same name at the same postal code', '60694', '60390', [49.32, 2.0]],
    ['nothing (no coordinates anywhere)', '55138', '55000', [null, null]],
  ])('finds the centre from %s', (_source, insee, postal, centre) => {
    expect(centreOf(insee, postal)).toEqual(centre);
  });
});
