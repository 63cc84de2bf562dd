/**
 * `npm run bench:discovery -w @app/bench`: the national-scale discovery benchmark (issue 7). Needs the
 * database filled by `bench:discovery:generate`. Starts the real server (compiled, as production
 * runs it: references.ts serverCommand) on that database, then autocannon with 32 connections on
 * loopback against: search (text + two filters + 50 km radius, sorted by proximity), home data
 * (users with alerts, with a position), the same two as a browser asks them (Accept-Encoding:
 * compressed answers) and police stations in a zoom-16 box. Writes the figures and EXPLAIN ANALYZE
 * plans of the search queries to bench/results/discovery-<date>.md. Run on demand, never in CI.
 *
 * In the same run, before and after the endpoints, it measures the references of issue 20
 * (bench/references.ts: GET /health of the same server and a bare Fastify hello) and states each
 * endpoint as ratios to them. BENCH_SEARCH_INDEX=on,off runs the whole set once per setting (a
 * server started for each), to compare the in-memory index with PostgreSQL alone in one run.
 * Then search, home and the references again, in turn in short windows (BENCH_ALTERNATED_ROUNDS,
 * BENCH_ALTERNATED_SECONDS), each pooled: the goals read where the machine's drift touches all.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { normalizeCriteria, type SearchCriteria } from '@app/domain';
import { openDatabase, type Db } from '../../apps/server/src/db/database';
import { createAccessTokens } from '../../apps/server/src/lib/access-tokens';
import { systemClock } from '../../apps/server/src/lib/clock';
import { SEARCH_COUNT_CAP } from '@app/domain';
import type { ListOrder } from '../../apps/server/src/modules/discovery/search-order';
import {
  alternatedFigures,
  load,
  meanReferences,
  measureReferences,
  RATIO_HEADER,
  ratioRow,
  referenceRows,
  serverCommand,
  startHello,
  type LoadFigure,
  type References,
} from '../references';
import {
  estimatedMatches,
  findAnnonces,
} from '../../apps/server/src/modules/discovery/search-plan-choice';
import { searchStatistics } from '../../apps/server/src/modules/discovery/search-statistics';
import { formBody } from '../form-body';
import { sectionBody, sectionOf } from '../results-sections';
import { catalogueIds, CITIES, criteriaOf, searchShapes } from './search-shapes';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/veilleurs_bench';
const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const ROOT = path.resolve(import.meta.dirname, '../..');

async function ensurePoliceStations(client: pg.Client) {
  const { rows } = await client.query(`select count(*)::int as n from police_stations`);
  if (rows[0].n > 0) return rows[0].n as number;
  // About the national count (~1,000 commissariats, ~3,100 gendarmerie brigades): the biggest
  // communes get a commissariat, the next ones a brigade.
  await client.query(`
    insert into police_stations (kind, source_key, name, address, postal_code, city, insee_code,
      department_code, phone_number, latitude, longitude)
    select case when n <= 1000 then 'commissariat' else 'gendarmerie' end, 'bench-' || insee_code,
      case when n <= 1000 then 'Commissariat de ' else 'Brigade de ' end || name,
      '1 place de la Mairie ' || postal_code || ' ' || name, postal_code, name, insee_code,
      department_code, '+33 1 23 45 67 89', latitude + 0.002, longitude + 0.002
    from (select *, row_number() over (order by population desc) as n
          from (select distinct on (insee_code) * from communes where latitude is not null
                order by insee_code, postal_code) c) ranked
    where n <= 4100`);
  await client.query('analyze police_stations');
  return 4100;
}

/**
 * EXPLAIN ANALYZE of the queries a repository call sends, captured through a stand-in Db: each
 * select is explained, then run for real so the call takes the path the server takes (settings
 * run for real, inside the same transaction).
 */
async function explain(db: Db, run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const plans: string[] = [];
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
  const spyOf = (target: Db): Db =>
    ({
      execute: async (query: SQL) => {
        const text = dialect.sqlToQuery(query).sql;
        // Settings (set_config) run for real; every other select is explained.
        if (!/^\s*(select|with)\b/i.test(text) || /^\s*select set_config/i.test(text))
          return target.execute(query);
        const result = (await target.execute(sql`explain (analyze, buffers) ${query}`)) as {
          rows: { 'QUERY PLAN': string }[];
        };
        plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
        // Then for real, so that the caller goes on as the server would.
        return target.execute(query);
      },
      transaction: (work: (tx: Db) => Promise<unknown>) =>
        target.transaction((tx) => work(spyOf(tx as unknown as Db))),
    }) as unknown as Db;
  await run(spyOf(db));
  return plans;
}

/** A port nobody listens on (other helpers and tools use fixed ones). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let PORT = 0;
/** Seconds from the server's start to a loaded search index, and the server's memory after the run. */
let indexLoadSeconds = 0;
let serverMegabytes = 0;

/** Resident memory of the biggest process of the server's group (node, not its npx/tsx wrappers). */
function groupResidentMegabytes(groupId: number): number {
  let largest = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields after the name: state, ppid, pgrp, …; rss (pages) is the 22nd of them.
      if (Number(fields[2]) !== groupId) continue;
      largest = Math.max(largest, (Number(fields[21]) * 4096) / 2 ** 20);
    } catch {
      // the process ended meanwhile
    }
  }
  return Math.round(largest);
}

const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 3331);
const REFERENCE_SECONDS = Number(process.env.BENCH_REFERENCE_DURATION ?? 8);
/** The goals' endpoints measured again in turn with the references (references.ts alternatedFigures). */
const ALTERNATED_ROUNDS = Number(process.env.BENCH_ALTERNATED_ROUNDS ?? 3);
const ALTERNATED_SECONDS = Number(process.env.BENCH_ALTERNATED_SECONDS ?? 10);
const INDEX_MODES = (process.env.BENCH_SEARCH_INDEX ?? 'on')
  .split(',')
  .map((mode) => mode.trim()) as ('on' | 'off')[];

function startServer(indexMode: 'on' | 'off'): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-discovery-'));
  const child = spawn(...serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: SECRET,
      SEARCH_INDEX: indexMode,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/health`);
        // Measured once the in-memory search index is loaded (searches use PostgreSQL until then).
        const wanted = indexMode === 'on' ? 'ready' : 'off';
        if (res.ok && ((await res.json()) as { searchIndex?: string }).searchIndex === wanted) {
          indexLoadSeconds = Math.round((Date.now() - started) / 100) / 10;
          resolve(async () => {
            serverMegabytes = groupResidentMegabytes(child.pid!);
            if (child.exitCode === null) {
              const exited = new Promise((done) => child.once('exit', done));
              process.kill(-child.pid!, 'SIGTERM');
              await exited;
            }
            fs.rmSync(dataDir, { recursive: true, force: true });
          });
          return;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 300_000) reject(new Error('server did not start'));
      else setTimeout(poll, 500);
    };
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    void poll();
  });
}

interface Figure extends LoadFigure {
  name: string;
  /** The sequential first pass: each distinct request once, alone, on cold caches. */
  firstPassP50: number;
  firstPassMax: number;
  /** Load average (1 min) of the machine before and after the run: other work shares it. */
  loadBefore: number;
  loadAfter: number;
  target: number;
}

/**
 * Each distinct request once, one at a time, its times returned: the warm-up before a measure (a
 * concurrent warm-up would leave a backlog), timed because these are the answers on cold caches.
 */
async function passOnce(requests: autocannon.Request[]): Promise<number[]> {
  const times: number[] = [];
  for (const request of requests) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${PORT}${request.path}`, {
      method: request.method ?? 'GET',
      headers: request.headers as Record<string, string>,
      ...(request.body ? { body: request.body as string } : {}),
    }).then((res) => res.arrayBuffer());
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(
  name: string,
  target: number,
  requests: autocannon.Request[],
): Promise<Figure> {
  const firstPass = (await passOnce(requests)).sort((a, b) => a - b);
  const loadBefore = os.loadavg()[0]!;
  const measured = await load({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    seconds: DURATION_SECONDS,
    requests,
  });
  const figure = {
    ...measured,
    name,
    target,
    firstPassP50: Math.round(firstPass[Math.floor(firstPass.length / 2)]! * 10) / 10,
    firstPassMax: Math.round(firstPass[firstPass.length - 1]! * 10) / 10,
    loadBefore: Math.round(loadBefore * 10) / 10,
    loadAfter: Math.round(os.loadavg()[0]! * 10) / 10,
  };
  console.log(
    `${name}: ${figure.rps} req/s, p50 ${figure.p50} ms, p95 ${figure.p95} ms, p99 ${figure.p99} ms, non-2xx ${figure.non2xx}, first pass p50 ${figure.firstPassP50} ms, load ${figure.loadBefore}→${figure.loadAfter}`,
  );
  return figure;
}

/** The goals read on the alternated windows, where the machine's drift touches all three alike. */
function alternatedTable(figures: Map<string, LoadFigure>, suffix: string): string[] {
  const health = figures.get('GET /health')!;
  const references: References = { health, hello: figures.get('bare Fastify hello')! };
  const goal = (name: string, throughput: number, p95: number) => {
    const figure = figures.get(name)!;
    const met = figure.rps >= throughput * health.rps && figure.p95 <= p95 * health.p95;
    return `${name} ${(figure.rps / health.rps).toFixed(2)}× / ${(figure.p95 / health.p95).toFixed(2)}× (≥ ${throughput}× / ≤ ${p95}×: ${met ? 'met' : 'missed'})`;
  };
  return [
    `#### Alternated with the references${suffix}: ${ALTERNATED_ROUNDS} rounds of ${ALTERNATED_SECONDS} s windows, each endpoint's windows pooled`,
    '',
    `Goals on these windows: ${goal('search', 0.5, 2)}; ${goal('home', 0.3, 3)}.`,
    '',
    ...RATIO_HEADER,
    ...[...figures].map(([name, figure]) => ratioRow(name, figure, references)),
    '',
  ];
}

async function main() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const counts = (
    await client.query(`select (select count(*) from annonces where status = 'VALIDATED')::int as annonces,
      (select count(*) from users)::int as users, (select count(*) from saved_searches)::int as saved,
      pg_size_pretty(pg_database_size(current_database())) as size, version() as version,
      current_setting('shared_buffers') as shared_buffers`)
  ).rows[0];
  const stations = await ensurePoliceStations(client);
  // Load the database files into the OS cache, as a serving database would have them after a while.
  await client.query('create extension if not exists pg_prewarm');
  await client.query(`select pg_prewarm(c.oid, 'read') from pg_class c
    where c.relkind in ('r', 'i') and c.relnamespace = 'public'::regnamespace`);
  const catalogue = await catalogueIds(client);
  const alertUsers = (
    await client.query(
      `select u.id, u.username, u.last_latitude, u.last_longitude from users u
       where exists (select 1 from saved_searches s where s.user_id = u.id)
       order by u.id limit 64`,
    )
  ).rows as { id: number; username: string; last_latitude: number; last_longitude: number }[];
  await client.end();

  // Plans first, on a quiet database.
  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  const shapes = searchShapes(catalogue);
  const now = new Date();
  const plans: { title: string; text: string[] }[] = [];
  const toulouse = CITIES[3]!;
  const paris = CITIES[0]!;
  /** The plans the server runs for a list (search-plan-choice.ts findAnnonces), in its order. */
  const statistics = await searchStatistics(database.db);
  const listPlan = async (
    title: string,
    criteria: SearchCriteria,
    order: ListOrder,
    from: typeof toulouse | null,
    boostedFirst: boolean,
    withTotal = true,
  ) => {
    let found: { total: number | null } | null = null;
    const text = await explain(database.db, async (db) => {
      found = await findAnnonces(db, {
        criteria,
        order,
        from,
        boostedFirst,
        offset: 0,
        limit: 13,
        now,
        cap: SEARCH_COUNT_CAP,
        withTotal,
        statistics,
      });
    });
    const total = (found as { total: number | null } | null)?.total;
    const estimate = estimatedMatches(criteria, statistics);
    plans.push({
      title: `${title}${withTotal ? ` (total ${total === null ? `over ${SEARCH_COUNT_CAP}` : total}` : ' (no total'}${estimate === null ? '' : `, estimated ${Math.round(estimate)} matches`})`,
      text,
    });
  };
  for (const [index, shape] of shapes.entries()) {
    for (const city of index === 0 ? [toulouse, paris] : [paris]) {
      await listPlan(
        `Search "${shape.researchText}" + 2 filters, 50 km around ${city.name}, by proximity`,
        criteriaOf(shape, city),
        'PROXIMITY',
        city,
        false,
      );
    }
  }
  await listPlan(
    'Home CLOSE_ANNONCES: 200 km around Toulouse, nearest first',
    normalizeCriteria({ ...toulouse, locationRadius: 200 }),
    'PROXIMITY',
    toulouse,
    false,
    false,
  );
  await listPlan(
    'Home LAST_ANNONCES / search without filter: most recent, boosted first',
    normalizeCriteria({}),
    'MOST_RECENT',
    null,
    true,
  );
  await listPlan(
    'Home VEHICLE_ANNONCES (cars): most recent, boosted first',
    normalizeCriteria({ vehicleTypeIds: [catalogue.car] }),
    'MOST_RECENT',
    null,
    true,
    false,
  );
  await listPlan('Home TOP_ANNONCES', normalizeCriteria({}), 'TOP', null, true, false);
  await listPlan(
    'Home SAVED_SEARCH_ANNONCES (text alert "vélo électrique"), nearest the user first',
    normalizeCriteria({ researchText: 'vélo électrique' }),
    'PROXIMITY',
    toulouse,
    false,
    false,
  );
  await listPlan(
    'Home SAVED_SEARCH_ANNONCES (alert "peugeot rouge"), nearest the user first',
    normalizeCriteria({ researchText: 'peugeot rouge' }),
    'PROXIMITY',
    toulouse,
    false,
    false,
  );
  await database.close();
  const seqScans = plans.filter((plan) =>
    plan.text.some((text) => /Seq Scan on annonces/.test(text)),
  );
  console.log(`plans: ${plans.length}, with a sequential scan of annonces: ${seqScans.length}`);

  PORT = Number(process.env.BENCH_APP_PORT ?? (await freePort()));
  const hello = await startHello(HELLO_PORT);
  const tokens = createAccessTokens(SECRET, systemClock);
  const tokenFor = (user: { id: number; username: string }) =>
    tokens.sign({ userId: user.id, username: user.username, roles: ['ROLE_INDIVIDUAL_CONFIRMED'] });
  const headersFor = async (user: { id: number; username: string }, form: boolean) => ({
    authorization: `Bearer ${await tokenFor(user)}`,
    ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
  });

  const searchRequests: autocannon.Request[] = [];
  for (const [index, user] of alertUsers.entries()) {
    const shape = shapes[index % shapes.length]!;
    const city = CITIES[index % CITIES.length]!;
    searchRequests.push({
      method: 'POST',
      path: '/search/getSearchAnnonces',
      headers: await headersFor(user, true),
      body: formBody({
        ...shape,
        latitude: city.latitude,
        longitude: city.longitude,
        locationRadius: 50,
        researchSorting: 'PROXIMITY',
        offset: 0,
      }),
    });
  }
  const homeRequests: autocannon.Request[] = [];
  for (const user of alertUsers) {
    homeRequests.push({
      method: 'POST',
      path: '/home/getHomeData',
      headers: await headersFor(user, true),
      body: formBody({ latitude: user.last_latitude, longitude: user.last_longitude }),
    });
  }
  const stationRequests: autocannon.Request[] = [];
  for (const [index, user] of alertUsers.entries()) {
    const city = CITIES[index % CITIES.length]!;
    // A zoom-16 view on a phone: about 0.01° by 0.02°.
    const box = `neLat=${city.latitude + 0.006}&neLng=${city.longitude + 0.012}&swLat=${city.latitude - 0.006}&swLng=${city.longitude - 0.012}`;
    stationRequests.push({
      method: 'GET',
      path: `/policeStation/getAllPoliceStationInsideBounds?${box}`,
      headers: await headersFor(user, false),
    });
  }

  /** Chromium's own Accept-Encoding. */
  const asBrowser = (requests: autocannon.Request[]) =>
    requests.map((request) => ({
      ...request,
      headers: { ...request.headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
    }));

  const figures: Figure[] = [];
  const ratioTables: string[] = [];
  const referenceOptions = {
    appUrl: `http://127.0.0.1:${PORT}`,
    helloUrl: hello.url,
    connections: CONNECTIONS,
    seconds: REFERENCE_SECONDS,
  };
  try {
    for (const mode of INDEX_MODES) {
      const stop = await startServer(mode);
      const suffix = INDEX_MODES.length > 1 ? ` [index ${mode}]` : '';
      const modeFigures: Figure[] = [];
      let before: References;
      let after: References;
      let alternated: Map<string, LoadFigure>;
      try {
        before = await measureReferences(referenceOptions);
        modeFigures.push(
          await measure(
            `search: text + 2 filters + 50 km, by proximity${suffix}`,
            50,
            searchRequests,
          ),
        );
        modeFigures.push(
          await measure(`home data (with position, users with alerts)${suffix}`, 80, homeRequests),
        );
        // Every browser sends Accept-Encoding, and a large answer then goes out compressed: what a
        // phone's search and home cost the server (the rows above are the answers alone).
        modeFigures.push(
          await measure(
            `search, as a browser asks it (compressed)${suffix}`,
            50,
            asBrowser(searchRequests),
          ),
        );
        modeFigures.push(
          await measure(
            `home data, as a browser asks it (compressed)${suffix}`,
            80,
            asBrowser(homeRequests),
          ),
        );
        modeFigures.push(
          await measure(`police stations in bounds (zoom 16)${suffix}`, 20, stationRequests),
        );
        after = await measureReferences(referenceOptions);
        alternated = await alternatedFigures(
          [
            { name: 'GET /health', options: { url: `${referenceOptions.appUrl}/health` } },
            { name: 'bare Fastify hello', options: { url: referenceOptions.helloUrl } },
            { name: 'search', options: { url: referenceOptions.appUrl, requests: searchRequests } },
            { name: 'home', options: { url: referenceOptions.appUrl, requests: homeRequests } },
          ].map(({ name, options }) => ({
            name,
            options: { ...options, connections: CONNECTIONS },
            // The same warm-up pass as the measures above, so that the windows find the caches
            // (kept homes, lists) as those did; without it a home window that came 20 s after the
            // last rebuilt half its homes on the request path (p95 88 ms).
            before: options.requests ? () => passOnce(options.requests).then(() => {}) : undefined,
          })),
          ALTERNATED_ROUNDS,
          ALTERNATED_SECONDS,
        );
      } finally {
        await stop();
      }
      figures.push(...modeFigures);
      const references = meanReferences(before, after);
      ratioTables.push(
        `### SEARCH_INDEX=${mode}${mode === 'on' ? ` (loaded in ${indexLoadSeconds} s, server ${serverMegabytes} MB resident)` : ''}`,
        '',
        ...RATIO_HEADER,
        ...modeFigures.map((figure) => ratioRow(figure.name, figure, references)),
        ...referenceRows('before', before),
        ...referenceRows('after', after),
        ...referenceRows('mean', references),
        '',
        ...alternatedTable(alternated, suffix),
      );
    }
  } finally {
    await hello.stop();
  }

  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(ROOT, 'bench', 'results', `discovery-${date}.md`);
  const label = process.env.BENCH_LABEL ?? 'run';
  const startedAt = new Date().toISOString().slice(11, 16);
  // Earlier runs of the day are kept (their figures only): the file shows before and after.
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const previousFigures = sectionBody(sectionOf(previous, 'Figures'));
  // The previous run's ratios, kept with its figures (one heading level down).
  const previousRatios = sectionOf(previous, 'Ratios to the references')
    .replace(/^## /, '### ')
    .replace(/^### SEARCH_INDEX/gm, '#### SEARCH_INDEX');
  const previousHeading =
    /^## Figures(?:: (.*))?$/m.exec(previous)?.[1] ??
    process.env.BENCH_PREVIOUS_LABEL ??
    'earlier run';
  // A hand-written comparison, kept as it is.
  const comparison = sectionOf(previous, 'Before and after');
  const earlier = sectionBody(sectionOf(previous, 'Earlier runs today'));
  const lines = [
    `# Discovery benchmark, ${date}`,
    '',
    'Produced by `npm run bench:discovery -w @app/bench` (bench/discovery/run.ts) on the database filled by',
    '`npm run bench:discovery:generate -w @app/bench` (bench/discovery/generate.ts). Do not edit by hand.',
    '',
    '## Machine and data',
    '',
    `- ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`,
    `- ${counts.version}`,
    `- ${counts.annonces.toLocaleString('en')} VALIDATED announcements, ${counts.users.toLocaleString('en')} users, ${counts.saved.toLocaleString('en')} saved searches, ${stations.toLocaleString('en')} police stations; database ${counts.size}`,
    `- autocannon, ${CONNECTIONS} connections on loopback, ${DURATION_SECONDS} s per endpoint after one sequential pass over the distinct requests; the server, PostgreSQL and autocannon share the machine; database files pre-loaded in the OS cache (pg_prewarm, read mode); PostgreSQL shared_buffers ${counts.shared_buffers} (the settings are those of the server named by BENCH_DATABASE_URL)`,
    "- \"load\" is the machine's 1-minute load average before → after the endpoint's run: other work on the machine (other sessions' tests) competes for the 2 CPUs and lengthens every figure",
    '- "first pass" is the sequential pass: each distinct request once, alone, on cold caches (home lists not yet cached)',
    `- the server's in-memory search index loaded in ${indexLoadSeconds} s from the server's start (measured after it); the last server's resident memory after its runs: ${serverMegabytes} MB (with the index: see its ratio table)`,
    '',
    ...(comparison ? [comparison, ''] : []),
    `## Ratios to the references: ${label}, ${startedAt} UTC`,
    '',
    `Issue 20 goals at ${CONNECTIONS} connections against GET /health of the same run: search ≥ 0.5× its throughput with p95 ≤ 2× its p95; home ≥ 0.3× with p95 ≤ 3×. The machine is shared with other agents: only these ratios compare from one run to the next.`,
    '',
    ...ratioTables,
    `## Figures: ${label}, ${startedAt} UTC`,
    '',
    '| endpoint | target p95 | p50 | p95 | p99 | req/s | requests | non-2xx | errors | first pass p50 / max | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map((f) =>
      f.requests === 0
        ? `| ${f.name} | < ${f.target} ms | no answer within the ${DURATION_SECONDS} s run | **over ${DURATION_SECONDS} s** (missed) | – | 0 | 0 | ${f.non2xx} | ${f.errors} | ${f.firstPassP50} / ${f.firstPassMax} ms | ${f.loadBefore} → ${f.loadAfter} |`
        : `| ${f.name} | < ${f.target} ms | ${f.p50} ms | **${f.p95} ms** ${f.p95 < f.target ? '(met)' : '(missed)'} | ${f.p99} ms | ${f.rps} | ${f.requests} | ${f.non2xx} | ${f.errors} | ${f.firstPassP50} / ${f.firstPassMax} ms | ${f.loadBefore} → ${f.loadAfter} |`,
    ),
    '',
    ...(previousFigures
      ? [
          '## Earlier runs today',
          '',
          `### ${previousHeading}`,
          '',
          previousFigures.replace(/^### /gm, '#### '),
          '',
          ...(previousRatios ? [previousRatios, ''] : []),
          ...(earlier ? [earlier, ''] : []),
        ]
      : []),
    `## Query plans (EXPLAIN ANALYZE, BUFFERS)`,
    '',
    `Sequential scans of annonces in these plans: ${seqScans.length === 0 ? 'none' : seqScans.map((plan) => plan.title).join('; ')}.`,
    '',
    ...plans.flatMap((plan) => [
      `### ${plan.title}`,
      '',
      ...plan.text.flatMap((text) => ['```', text, '```', '']),
    ]),
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`written ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
