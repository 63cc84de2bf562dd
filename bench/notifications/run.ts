/**
 * `npm run bench:notifications -w @app/bench [-- --users 1000000 --alerts 100000 --regenerate]`: the
 * alert fan-out benchmark (issue 9). One newly validated announcement against 1,000,000 users with a
 * last known position (placed at commune centres weighted by population) and 100,000 saved searches
 * (brands, types, models, texts, colours, places with a radius): how long finding its recipients takes
 * (NEW_NEAR_VEHICLES within 20 km + NEW_ALERT_VEHICLES), for announcements in a dense city, a mid-size
 * one and a small town. The target is under 100 ms (issue 20). Also times the whole fan-out
 * (notification rows written) once per place. PostgreSQL in its own database
 * (BENCH_NOTIFICATIONS_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/veilleurs_bench_notifications), generated on the first run.
 * Writes bench/results/notifications-<date>.md with the EXPLAIN ANALYZE plans, the day's earlier
 * runs kept in it (their recipients tables; BENCH_LABEL names this one). On demand, never in CI.
 *
 * References (issue 20, bench/references.ts): before and after the places, GET /health of the real
 * server on the same database and a bare Fastify hello, at 1 connection (the recipient search runs
 * alone, one after the other) and at 32; the search is stated as a ratio to /health's latency.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { EARLIER_HEADING, earlierRecipientRuns, RECIPIENTS_HEADING } from './earlier-runs';
import {
  meanReferences,
  measureReferences,
  RATIO_HEADER,
  referenceRows,
  startAppServer,
  startHello,
  type References,
} from '../references';
import { openDatabase, type Db } from '../../apps/server/src/db/database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { seedReferenceData } from '../../apps/server/src/seed/reference/seed-reference-data';
import {
  alertCandidates,
  findAlertRecipients,
  loadFanOutAnnonce,
  nearUsers,
  runAlertFanOut,
} from '../../apps/server/src/modules/notifications/alert-fan-out';

const DATABASE_URL =
  process.env.BENCH_NOTIFICATIONS_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/veilleurs_bench_notifications';
const REFERENCE_DATA_DIR = path.resolve(import.meta.dirname, '../../reference-data');
/** Timed runs a place, after a first one reported apart (40, so that the p95 is not the maximum). */
const RUNS = 40;
/** A word for the run in the results file, e.g. "before" (BENCH_LABEL). */
const LABEL = process.env.BENCH_LABEL ?? 'run';
const TARGET_MS = 100;

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name}: a positive integer`);
  return value;
}

async function timed(client: pg.Client, label: string, text: string) {
  const started = performance.now();
  const result = await client.query(text);
  console.log(
    `${label}: ${result.rowCount ?? ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Creates the database and fills it: reference data, users with a position, saved searches. */
async function generate(userCount: number, alertCount: number) {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  await database.migrate();
  await seedReferenceData(database.db, {
    referenceDataDir: REFERENCE_DATA_DIR,
    log: { info: () => {}, warn: (message: string) => console.warn(message) },
  });
  await database.close();

  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(
    `SET maintenance_work_mem = '256MB'; SET work_mem = '64MB'; SELECT setseed(0.9)`,
  );
  // Commune centres with their cumulative population, for a draw weighted by population.
  await timed(
    client,
    'places',
    `CREATE UNLOGGED TABLE bench_places AS
     SELECT c.name, c.latitude, c.longitude,
            sum(greatest(c.population, 1)::float8) OVER (ORDER BY c.insee_code) AS cum
     FROM (SELECT DISTINCT ON (insee_code) * FROM communes WHERE latitude IS NOT NULL
           ORDER BY insee_code, postal_code) c`,
  );
  await client.query(`CREATE INDEX ON bench_places (cum)`);
  // 90 % of the users have a last known position (the others never sent one).
  await timed(
    client,
    'users',
    `INSERT INTO users (username, password_hash, firstname, lastname, roles, account_validated_at,
                        identity_status, is_first_connexion, last_latitude, last_longitude)
     SELECT 'bench-' || g || '@example.test', 'x', 'Bench', 'User', ARRAY['ROLE_INDIVIDUAL_CONFIRMED'],
            now(), 'ACCEPTED', false,
            CASE WHEN d.has THEN p.latitude + (random() - 0.5) * 0.05 END,
            CASE WHEN d.has THEN p.longitude + (random() - 0.5) * 0.07 END
     FROM generate_series(1, ${userCount}) g
     CROSS JOIN LATERAL (SELECT random() * (SELECT max(cum) FROM bench_places) + g * 0 AS r,
                                random() < 0.9 AS has) d
     CROSS JOIN LATERAL (SELECT * FROM bench_places WHERE cum >= d.r ORDER BY cum LIMIT 1) p`,
  );
  // A few users turned some groups off.
  await timed(
    client,
    'preferences',
    `INSERT INTO notification_preferences (user_id, new_annonces_close_notifications,
                                           my_alerts_notifications, updated_at)
     SELECT id, random() < 0.5, random() < 0.5, now() FROM users WHERE id % 20 = 0`,
  );
  await client.query(`CREATE UNLOGGED TABLE bench_models AS
    SELECT row_number() OVER (ORDER BY m.id) AS n, m.id, m.vehicle_type_id, m.brand_id,
           lower(b.name || ' ' || m.name) AS label
    FROM models m JOIN brands b ON b.id = m.brand_id WHERE m.approved`);
  await client.query(`CREATE UNIQUE INDEX ON bench_models (n)`);
  // Saved searches of the shapes people save: a brand, a type + brand + model, a text, a place with a
  // radius and a type, colours of a type.
  await timed(
    client,
    'saved searches',
    `INSERT INTO saved_searches (user_id, name, criteria_key, vehicle_type_ids, brand_ids, model_ids,
                                 colors, research_text, latitude, longitude, location_radius)
     SELECT 1 + floor(random() * ${userCount})::int, 'Alerte ' || g, 'bench-' || g,
            CASE WHEN s.kind IN (1, 3, 4) THEN ARRAY[m.vehicle_type_id] ELSE '{}' END,
            CASE WHEN s.kind IN (0, 1) THEN ARRAY[m.brand_id] ELSE '{}' END,
            CASE WHEN s.kind = 1 THEN ARRAY[m.id] ELSE '{}' END,
            CASE WHEN s.kind = 4 THEN ARRAY['BLACK', 'GREY'] ELSE '{}' END,
            CASE WHEN s.kind = 2 THEN m.label END,
            CASE WHEN s.kind = 3 THEN p.latitude END,
            CASE WHEN s.kind = 3 THEN p.longitude END,
            CASE WHEN s.kind = 3 THEN (ARRAY[5, 10, 20, 50, 100])[1 + floor(random() * 5)::int] END
     FROM generate_series(1, ${alertCount}) g
     CROSS JOIN LATERAL (SELECT (ARRAY[0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4])[1 + floor(random() * 11)::int] AS kind,
                                random() * (SELECT max(cum) FROM bench_places) + g * 0 AS r,
                                1 + floor(random() * (SELECT count(*) FROM bench_models)) + g * 0 AS pick) s
     JOIN bench_models m ON m.n = s.pick
     CROSS JOIN LATERAL (SELECT * FROM bench_places WHERE cum >= s.r ORDER BY cum LIMIT 1) p`,
  );
  await client.query(`DROP TABLE bench_places; DROP TABLE bench_models`);
  // VACUUM too, not ANALYZE alone: until autovacuum gets there, the rows just written (and those
  // the groups' updates rewrote) are not marked visible to all, and the recipients' search read
  // user_positions' heap instead of its index alone: Paris's p95 144 ms, against 84 once
  // vacuumed (bench/results/notifications-end-to-end-2026-12-04-notes.md, session 43).
  await timed(client, 'vacuum', 'VACUUM (ANALYZE)');
  await client.end();
}

/** Where the stolen cars are, from dense to sparse. */
const PLACES = [
  { name: 'Paris', latitude: 48.8566, longitude: 2.3522, city: 'Paris', department: '75' },
  { name: 'Toulouse', latitude: 43.6045, longitude: 1.4442, city: 'Toulouse', department: '31' },
  { name: 'Aurillac', latitude: 44.9264, longitude: 2.4406, city: 'Aurillac', department: '15' },
];

async function annonceAt(db: Db, place: (typeof PLACES)[number]): Promise<number> {
  const rows = (await db.execute(sql`
    with car as (
      select m.vehicle_type_id, m.brand_id, m.id as model_id from models m
      join brands b on b.id = m.brand_id
      join vehicle_types t on t.id = m.vehicle_type_id and t.code = 'CAR'
      where b.normalized_name = 'peugeot' and m.normalized_name = '208' limit 1)
    insert into annonces (owner_id, status, is_complete, creation_step, vehicle_type_id, brand_id,
      model_id, color, energy, fiscal_power, description, theft_address, theft_latitude,
      theft_longitude, theft_department_code, theft_city, published_at, validated_at)
    select 1, 'VALIDATED', true, 10, car.vehicle_type_id, car.brand_id, car.model_id, 'BLACK',
      'DIESEL', 5, 'Volée devant chez moi.', ${place.city}, ${place.latitude}, ${place.longitude},
      ${place.department}, ${place.city}, now(), now()
    from car returning id`)) as unknown as { rows: { id: number }[] };
  const id = rows.rows[0]?.id;
  if (!id) throw new Error('no Peugeot 208 in the catalogue');
  return id;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function explain(client: pg.Client, text: string, values: unknown[]) {
  const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  // A list of hundreds of squares would fill pages: its first ones say what it is.
  return result.rows
    .map((row: Record<string, string>) => row['QUERY PLAN'] ?? '')
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)} …` : line))
    .join('\n');
}

async function main() {
  const startedAt = new Date().toISOString().slice(11, 16);
  const loadAtStart = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const userCount = argument('users', 1_000_000);
  const alertCount = argument('alerts', 100_000);
  const probe = new pg.Client({ connectionString: DATABASE_URL });
  const exists = await probe
    .connect()
    .then(async () => {
      const users = await probe.query(`select count(*)::int as n from users`).catch(() => null);
      const alerts = await probe
        .query(`select count(*)::int as n from saved_searches`)
        .catch(() => null);
      return users?.rows[0]?.n >= userCount && alerts?.rows[0]?.n >= alertCount;
    })
    .catch(() => false);
  await probe.end().catch(() => {});
  if (!exists || process.argv.includes('--regenerate')) await generate(userCount, alertCount);

  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  await database.migrate();
  const db = database.db;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const counts = (
    await client.query(`select (select count(*) from users)::int as users,
      (select count(*) from users where last_latitude is not null)::int as positioned,
      (select count(*) from saved_searches)::int as alerts`)
  ).rows[0] as { users: number; positioned: number; alerts: number };

  const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-notifications-'));
  const server = await startAppServer({
    databaseUrl: DATABASE_URL,
    port: Number(process.env.BENCH_APP_PORT ?? 3332),
    dataDir: serverDir,
  });
  const hello = await startHello(Number(process.env.BENCH_HELLO_PORT ?? 3331));
  const referencesAt = async (connections: number) =>
    measureReferences({ appUrl: server.url, helloUrl: hello.url, connections, seconds: 5 });
  const referencesBefore = { one: await referencesAt(1), many: await referencesAt(32) };

  const lines: string[] = [];
  const results: Array<{
    phases: Record<string, number>;
    place: string;
    p50: number;
    p95: number;
    max: number;
    firstMs: number;
    alerts: number;
    near: number;
    fanOutMs: number;
  }> = [];
  for (const place of PLACES) {
    const annonceId = await annonceAt(db, place);
    const annonce = await loadFanOutAnnonce(db, annonceId);
    if (!annonce) throw new Error('announcement not found');
    const timings: number[] = [];
    const phases: Record<string, number> = {};
    let found = { alerts: 0, near: 0 };
    // The first search of a place in this process: its code not yet compiled by V8, the pool's
    // connections new, the place's pages not yet read by them. Reported, not counted.
    const firstStarted = performance.now();
    await findAlertRecipients(db, annonce);
    const firstMs = performance.now() - firstStarted;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const recipients = await findAlertRecipients(db, annonce, phases);
      timings.push(performance.now() - started);
      found = { alerts: recipients.alerts.size, near: recipients.near.length };
    }
    const started = performance.now();
    await runAlertFanOut({ db, clock: systemClock }, annonceId);
    const fanOutMs = performance.now() - started;
    results.push({
      place: place.name,
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      max: Math.max(...timings),
      firstMs,
      ...found,
      fanOutMs,
      phases: Object.fromEntries(
        Object.entries(phases).map(([phase, total]) => [phase, total / RUNS]),
      ),
    });
    console.log(place.name, results.at(-1));

    // The fan-out's own statement, as it sends it.
    const near = new PgDialect().sqlToQuery(nearUsers(place, annonce.ownerId));
    lines.push(
      `### ${place.name}: users within 20 km`,
      '```',
      await explain(client, near.sql, near.params),
      '```',
    );
    const alerts = new PgDialect().sqlToQuery(alertCandidates(annonce));
    lines.push(
      `### ${place.name}: saved searches (SQL part)`,
      '```',
      await explain(client, alerts.sql, alerts.params),
      '```',
    );
    // Leave the database as it was: the next run measures the same thing.
    await client.query(`delete from notifications where object_id = $1`, [annonceId]);
    await client.query(`delete from annonces where id = $1`, [annonceId]);
  }

  const referencesAfter = { one: await referencesAt(1), many: await referencesAt(32) };
  await hello.stop();
  await server.stop();
  fs.rmSync(serverDir, { recursive: true, force: true });
  const alone: References = meanReferences(referencesBefore.one, referencesAfter.one);
  const ratioTo = (value: number, reference: number) =>
    reference > 0 ? `${(value / reference).toFixed(1)}×` : '–';

  const date = new Date().toISOString().slice(0, 10);
  const file = path.resolve(import.meta.dirname, `../results/notifications-${date}.md`);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  // The day's earlier runs are kept (their recipients tables): the file rewritten by each run lost
  // them, and with them the figures of the code before a change.
  const earlier = earlierRecipientRuns(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const report = [
    `# Alert fan-out benchmark (${date})`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, shared with other work; PostgreSQL ${
      (await client.query('show server_version')).rows[0].server_version
    }.`,
    `Data: ${counts.users.toLocaleString('en')} users (${counts.positioned.toLocaleString('en')} with a last known position, at commune centres weighted by population), ${counts.alerts.toLocaleString('en')} saved searches; 5 % of the users turned groups off.`,
    `Announcement: a black diesel Peugeot 208 stolen at the centre of each place. Recipients = users within 20 km + users whose alerts match (\`findAlertRecipients\`, ${RUNS} runs each after a first one, shown apart). Target: under ${TARGET_MS} ms.`,
    '',
    `## ${RECIPIENTS_HEADING}: ${LABEL}, ${startedAt} UTC`,
    '',
    `Load average when the run started: ${loadAtStart} (2 cores; above 2 means every query waits for a core).`,
    '',
    '| place | recipients (near + alerts) | p50 | p95 | max | first run | mean per phase: alerts SQL / alert rule / alert owners (in the alerts SQL since migration 0032) / near (what was left to wait for once the alerts were in, as it runs alongside them; from 2026-12-02 to 2026-12-06 it ran after them) | whole fan-out once (rows written) | target met |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.place} | ${(r.near + r.alerts).toLocaleString('en')} (${r.near.toLocaleString('en')} + ${r.alerts.toLocaleString('en')}) | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${ms(r.firstMs)} | ${['alertsSql', 'alertsRule', 'alertsEligible', 'near'].map((phase) => (r.phases[phase] ?? 0).toFixed(0)).join(' / ')} ms | ${ms(r.fanOutMs)} | ${r.p95 < TARGET_MS ? 'yes' : 'no'} |`,
    ),
    '',
    '## Against the references of this run',
    '',
    "The machine is shared with other agents: the figures above move with its load, these ratios much less. A /health round trip is one HTTP request and one `select 1` through the server's pool, measured alone (1 connection) before and after the places.",
    '',
    '| place | p50 / health p50 | p95 / health p95 | p95 / hello p95 |',
    '|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.place} | ${ratioTo(r.p50, alone.health.p50)} | ${ratioTo(r.p95, alone.health.p95)} | ${ratioTo(r.p95, alone.hello.p95)} |`,
    ),
    '',
    ...RATIO_HEADER,
    ...referenceRows('1 connection, before', referencesBefore.one),
    ...referenceRows('1 connection, after', referencesAfter.one),
    ...referenceRows('32 connections, before', referencesBefore.many),
    ...referenceRows('32 connections, after', referencesAfter.many),
    '',
    ...(earlier ? [`## ${EARLIER_HEADING}`, '', earlier, ''] : []),
    '## Plans',
    '',
    ...lines,
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, report);
  console.log(`written ${file}`);
  await client.end();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
