/**
 * `npm run bench:discovery:generate -w @app/bench [-- --annonces 1000000 --users 100000]`: fills a
 * dedicated PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
 * veilleurs_bench, dropped and created again) with national-scale data: VALIDATED announcements over
 * France at commune centres weighted by population, realistic vehicles, colours and texts, users with
 * a last position and saved searches. Everything is generated inside PostgreSQL (INSERT … SELECT over
 * generate_series) so a million rows take minutes, not hours. Run on demand, never in CI.
 */
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { seedReferenceData } from '../../apps/server/src/seed/reference/seed-reference-data';

const REFERENCE_DATA_DIR = path.resolve(import.meta.dirname, '../../reference-data');

export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/veilleurs_bench';

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive integer`);
  return value;
}

/** Popular makes weigh more, as in the French theft statistics (cars, two-wheelers, bicycles). */
const POPULAR_BRANDS: Record<string, number> = {
  peugeot: 60,
  renault: 60,
  citroen: 40,
  volkswagen: 25,
  dacia: 20,
  toyota: 20,
  ford: 15,
  fiat: 12,
  opel: 12,
  bmw: 12,
  mercedes_benz: 12,
  audi: 10,
  nissan: 10,
  yamaha: 40,
  honda: 40,
  kawasaki: 20,
  suzuki: 20,
  piaggio: 25,
  kymco: 15,
  decathlon: 50,
  btwin: 50,
  giant: 20,
  trek: 20,
  specialized: 20,
  cannondale: 10,
  lapierre: 15,
  moustache: 10,
  gitane: 10,
};

const TYPE_WEIGHTS: Record<string, number> = {
  CAR: 24,
  UTILITY: 4,
  MOTORBIKE: 9,
  SCOOTER: 10,
  BICYCLE: 38,
  ELECTRIC_BICYCLE: 13,
};

const OPENINGS = [
  'Volé devant mon domicile pendant la nuit',
  'Disparu sur le parking de la gare',
  'Dérobé dans le garage de la résidence',
  'Volé en pleine journée devant le supermarché',
  'Le vol a eu lieu pendant que je travaillais',
  'Disparu du local à vélos fermé à clé',
  'Volé sur le parking du centre commercial',
  'Emporté devant l’école pendant que je déposais les enfants',
  'Volé devant chez des amis lors d’une soirée',
  'Disparu de la cour de l’immeuble',
];
const DETAILS = [
  'la serrure a été forcée',
  'l’antivol en U a été coupé',
  'aucune trace de vitre brisée',
  'un voisin a vu deux individus en scooter',
  'la caméra de surveillance a filmé la scène',
  'le véhicule était fermé à clé',
  'porte-bagages noir et sacoches',
  'autocollant sur le garde-boue arrière',
  'rayure sur la portière conducteur',
  'siège enfant à l’arrière',
  'jantes alliage et attelage',
  'top case gris et poignées chauffantes',
];
const CLOSINGS = [
  'Plainte déposée au commissariat.',
  'Toute information est la bienvenue, merci !',
  'Récompense à qui le retrouvera.',
  'Merci de partager autour de vous.',
  'Contactez-moi via l’application si vous le voyez.',
];

const sqlArray = (values: readonly string[]) =>
  `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`;

async function timed(client: pg.Client, label: string, text: string) {
  const started = performance.now();
  const result = await client.query(text);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${label}: ${result.rowCount ?? ''} in ${seconds} s`);
}

async function main() {
  const annonceCount = argument('annonces', 1_000_000);
  const userCount = argument('users', 100_000);
  const url = new URL(BENCH_DATABASE_URL);
  const databaseName = url.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(databaseName)) throw new Error('unexpected bench database name');
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();

  const started = performance.now();
  const database = await openDatabase({ kind: 'postgres', url: BENCH_DATABASE_URL });
  await database.migrate();
  await seedReferenceData(database.db, {
    referenceDataDir: REFERENCE_DATA_DIR,
    log: { info: () => {}, warn: (message: string) => console.warn(message) },
  });
  await database.close();
  console.log(`migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  await client.query(`SET maintenance_work_mem = '512MB'; SET work_mem = '64MB'`);
  await client.query(`SELECT setseed(0.42)`);

  // Places: commune centres with their share of the population (cumulative, for a weighted draw).
  await timed(
    client,
    'places',
    `CREATE UNLOGGED TABLE bench_places AS
     SELECT row_number() OVER () AS n, c.name, c.department_code, c.latitude, c.longitude,
            sum(greatest(c.population, 1)::float8) OVER (ORDER BY c.insee_code, c.postal_code) AS cum
     FROM (SELECT DISTINCT ON (insee_code) * FROM communes
           WHERE latitude IS NOT NULL ORDER BY insee_code, postal_code) c`,
  );
  await client.query(`CREATE INDEX ON bench_places (cum)`);

  // Vehicles: every approved model of an activated type, weighted by make popularity, per type.
  const popularity = Object.entries(POPULAR_BRANDS)
    .map(([key, weight]) => `WHEN '${key.replaceAll('_', ' ')}' THEN ${weight}`)
    .join(' ');
  await timed(
    client,
    'vehicle choices',
    `CREATE UNLOGGED TABLE bench_choices AS
     WITH rows AS (
       SELECT vt.code, vt.id AS vehicle_type_id, b.id AS brand_id, m.id AS model_id,
              (SELECT f.id FROM model_finishes f WHERE f.model_id = m.id ORDER BY f.id LIMIT 1) AS finish_id,
              (CASE b.normalized_name ${popularity} ELSE 1 END)::float8
                / count(*) OVER (PARTITION BY vt.id, b.id) AS weight
       FROM brand_vehicle_types bvt
       JOIN brands b ON b.id = bvt.brand_id AND b.approved
       JOIN vehicle_types vt ON vt.id = bvt.vehicle_type_id AND vt.activated
       LEFT JOIN models m ON m.brand_id = b.id AND m.vehicle_type_id = vt.id AND m.approved)
     SELECT *, sum(weight) OVER (PARTITION BY vehicle_type_id ORDER BY brand_id, model_id)
                 / sum(weight) OVER (PARTITION BY vehicle_type_id) AS pos
     FROM rows`,
  );
  await client.query(`CREATE INDEX ON bench_choices (vehicle_type_id, pos)`);
  const typeCases = Object.entries(TYPE_WEIGHTS);
  const typeTotal = typeCases.reduce((sum, [, weight]) => sum + weight, 0);
  let bound = 0;
  const typeDraw = typeCases
    .map(([code, weight]) => {
      bound += weight / typeTotal;
      return `WHEN r < ${bound.toFixed(4)} THEN '${code}'`;
    })
    .join(' ');

  await timed(
    client,
    'users',
    `INSERT INTO users (username, password_hash, firstname, lastname, roles, account_validated_at,
                        identity_status, is_first_connexion, last_latitude, last_longitude)
     SELECT 'bench-' || g || '@example.test', 'not-a-real-hash', 'Bench', 'User ' || g,
            ARRAY['ROLE_INDIVIDUAL_CONFIRMED'], now(), 'ACCEPTED', false,
            p.latitude + (random() - 0.5) * 0.04, p.longitude + (random() - 0.5) * 0.06
     FROM generate_series(1, ${userCount}) g
     CROSS JOIN LATERAL (SELECT random() * (SELECT max(cum) FROM bench_places) + g * 0 AS r) d
     CROSS JOIN LATERAL (SELECT * FROM bench_places WHERE cum >= d.r ORDER BY cum LIMIT 1) p`,
  );

  // Announcements, in batches so that progress shows and memory stays flat.
  const batch = 100_000;
  for (let first = 1; first <= annonceCount; first += batch) {
    const last = Math.min(annonceCount, first + batch - 1);
    await timed(
      client,
      `annonces ${first}-${last}`,
      `INSERT INTO annonces (owner_id, status, is_complete, creation_step, vehicle_type_id, brand_id,
         model_id, model_finish_id, license_plate, color, energy, fiscal_power, description,
         theft_address, theft_latitude, theft_longitude, theft_department_code, theft_city, is_owner,
         additional_reward_level, additional_reward_amount, boost_end_date, nb_views, published_at,
         validated_at, created_at, updated_at)
       SELECT 1 + (g::bigint * 7919) % ${userCount}, 'VALIDATED', true, 10, c.vehicle_type_id, c.brand_id,
         c.model_id, CASE WHEN random() < 0.3 THEN c.finish_id END,
         CASE WHEN c.code IN ('CAR', 'UTILITY', 'MOTORBIKE', 'SCOOTER')
              THEN chr(65 + (g % 23)) || chr(66 + (g / 23) % 22) || lpad(((g * 37) % 1000)::text, 3, '0')
                   || chr(65 + (g / 7) % 23) || chr(67 + (g / 11) % 20) END,
         (${sqlArray(['WHITE', 'BLACK', 'GREY', 'SILVER', 'BLUE', 'RED', 'GREEN', 'YELLOW', 'BEIGE', 'BROWN', 'ORANGE', 'BURGUNDY', 'PURPLE', 'PINK', 'IVORY', 'UNDEFINED'])})
           [1 + least(15, floor(-ln(1 - random()) * 4))::int],
         CASE WHEN c.code IN ('CAR', 'UTILITY')
              THEN (ARRAY['GASOIL','DIESEL','DIESEL','GASOIL','HYBRID','ELECTRIC'])[1 + floor(random() * 6)::int]
              WHEN c.code IN ('MOTORBIKE', 'SCOOTER') THEN 'GASOIL'
              WHEN c.code = 'ELECTRIC_BICYCLE' THEN 'ELECTRIC' ELSE 'WITHOUT' END,
         CASE WHEN c.code IN ('CAR', 'UTILITY') THEN 3 + floor(random() * 10)::int END,
         (${sqlArray(OPENINGS)})[1 + floor(random() * ${OPENINGS.length})::int] || ' à ' || p.name || ', '
           || (${sqlArray(DETAILS)})[1 + floor(random() * ${DETAILS.length})::int] || '. '
           || (${sqlArray(CLOSINGS)})[1 + floor(random() * ${CLOSINGS.length})::int],
         p.name, p.latitude + (random() - 0.5) * 0.02, p.longitude + (random() - 0.5) * 0.03,
         p.department_code, p.name, true,
         reward.level, (ARRAY[0, 200, 500, 800, 1100, 1500])[reward.level + 1],
         CASE WHEN random() < 0.02 THEN now() + random() * interval '20 days'
              WHEN random() < 0.05 THEN now() - random() * interval '200 days' END,
         floor(-ln(1 - random()) * 150)::int,
         v.at - interval '6 hours', v.at, v.at - interval '1 day', v.at
       FROM generate_series(${first}, ${last}) g
       CROSS JOIN LATERAL (SELECT random() AS r, random() AS rp, random() AS rc, random() AS rl,
                                  random() AS rv, g * 0 AS dep) d
       CROSS JOIN LATERAL (SELECT CASE ${typeDraw} ELSE 'BICYCLE' END AS code) t
       CROSS JOIN LATERAL (SELECT vt.id FROM vehicle_types vt WHERE vt.code = t.code) vt
       CROSS JOIN LATERAL (SELECT * FROM bench_choices bc WHERE bc.vehicle_type_id = vt.id
                           AND bc.pos >= d.rc ORDER BY bc.pos LIMIT 1) c
       CROSS JOIN LATERAL (SELECT * FROM bench_places bp
                           WHERE bp.cum >= d.rp * (SELECT max(cum) FROM bench_places) ORDER BY bp.cum LIMIT 1) p
       CROSS JOIN LATERAL (SELECT CASE WHEN d.rl < 0.45 THEN 0 WHEN d.rl < 0.7 THEN 1 WHEN d.rl < 0.85 THEN 2
                                       WHEN d.rl < 0.93 THEN 3 WHEN d.rl < 0.97 THEN 4 ELSE 5 END AS level) reward
       CROSS JOIN LATERAL (SELECT now() - (d.rv ^ 2) * interval '730 days' AS at) v`,
    );
  }

  // One photo per announcement, as cards show (the files are not written: cards only need URLs).
  await timed(
    client,
    'photo files',
    `INSERT INTO stored_files (owner_id, storage_key, original_file_name, mime_type, size_bytes, visibility)
     SELECT owner_id, 'bench/' || id || '.jpg', 'photo.jpg', 'image/jpeg', 120000, 'public'
     FROM annonces ORDER BY id`,
  );
  await timed(
    client,
    'photos',
    `INSERT INTO annonce_photos (annonce_id, file_id, position)
     SELECT a.id, f.id, 0 FROM annonces a JOIN stored_files f ON f.storage_key = 'bench/' || a.id || '.jpg'`,
  );

  // Saved searches: 1 to 3 per user, the usual shapes (a make near home, a text, a type and colour).
  await timed(
    client,
    'saved searches',
    `INSERT INTO saved_searches (user_id, name, research_text, address, location_radius, latitude,
       longitude, vehicle_type_ids, brand_ids, colors, criteria_key)
     SELECT u.id, 'Alerte ' || k, s.text, CASE WHEN s.radius IS NOT NULL THEN 'Près de chez moi' END,
            s.radius, CASE WHEN s.radius IS NOT NULL THEN u.last_latitude END,
            CASE WHEN s.radius IS NOT NULL THEN u.last_longitude END,
            s.types, s.brands, s.colors, 'bench-' || u.id || '-' || k
     FROM users u
     CROSS JOIN LATERAL generate_series(1, 1 + (u.id % 3)) k
     CROSS JOIN LATERAL (
       SELECT CASE (u.id + k) % 3 WHEN 0 THEN (ARRAY['peugeot rouge','vélo électrique','clio','scooter noir','yamaha'])[1 + (u.id % 5)] END AS text,
              CASE WHEN (u.id + k) % 3 <> 0 THEN (ARRAY[10, 20, 50])[1 + (u.id % 3)] END AS radius,
              CASE WHEN (u.id + k) % 3 = 2 THEN ARRAY[(SELECT id FROM vehicle_types WHERE code = 'BICYCLE')] ELSE '{}'::int[] END AS types,
              CASE WHEN (u.id + k) % 3 = 1 THEN ARRAY[(SELECT id FROM brands WHERE normalized_name = (ARRAY['peugeot','renault','citroen','yamaha'])[1 + (u.id % 4)] AND approved LIMIT 1)] ELSE '{}'::int[] END AS brands,
              CASE WHEN (u.id + k) % 3 = 2 THEN ARRAY['BLACK'] ELSE '{}'::text[] END AS colors
     ) s
     WHERE u.username LIKE 'bench-%'`,
  );

  await client.query('DROP TABLE bench_places; DROP TABLE bench_choices');
  await timed(client, 'vacuum analyze', 'VACUUM ANALYZE');
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM annonces WHERE status = 'VALIDATED') AS annonces,
            (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM saved_searches) AS saved,
            pg_size_pretty(pg_database_size(current_database())) AS size`,
  );
  console.log(rows[0]);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await client.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
