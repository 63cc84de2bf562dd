/**
 * `npm run bench:matches -w @app/bench`: the identifier-check benchmark (issue 8). Needs the
 * national-scale database of the discovery benchmark (`bench:discovery:generate`, 1,000,000
 * announcements). Starts the real server (compiled: references.ts serverCommand) on it, then
 * autocannon with 64 connections on loopback against POST /scannedIdentifier/getMatchResult: hits
 * and misses, each request from one of thousands of watchers (the per-user rate limit stays out of
 * the way), every one recording its attempt and lampion. In the same run, before and after the
 * checks, it measures the two references (bench/references.ts: GET /health of the same server and a
 * bare Fastify hello) and states the checks as ratios to them (issue 20: throughput ≥ 0.3× that of
 * /health, p99 ≤ 3× its p99); then a steady open-loop run at 200 checks/s (bench/open-loop.ts; goal
 * p99 < 20 ms), with the server's own view of it (bench/server-metrics.ts). Appends a
 * section (BENCH_LABEL) to bench/results/matches-<date>.md with the plan of the lookup. Run on
 * demand, never in CI.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  load as measureLoad,
  meanReferences,
  measureReferences,
  RATIO_HEADER,
  ratioRow,
  referenceRows,
  serverCommand,
  startHello,
} from '../references';
import { confusionKey, IDENTIFIER_CHECK_RATE_LIMITS } from '@app/domain';
import { openLoop } from '../open-loop';
import { ensureCheckHistory, HISTORY_ENDS } from './check-history';
import { scrapeMetrics, serverSideSummary } from '../server-metrics';
import { createAccessTokens } from '../../apps/server/src/lib/access-tokens';
import { RATE_LIMIT_KEY_PREFIX } from '../../apps/server/src/modules/auth/rate-limits';
import { systemClock } from '../../apps/server/src/lib/clock';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/veilleurs_bench';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 20);
/**
 * Enough watchers that none reaches its 30 checks per 10 minutes (counted in the database) while
 * the load runs: 8,000 × 30 = 240,000, where a fast machine answers 100,000 checks in 20 s.
 */
const WATCHERS = 8000;
/** Issue 20: the check against GET /health of the same run. */
const TARGET_THROUGHPUT_RATIO = 0.3;
const TARGET_P99_RATIO = 3;
const PACED_RATE = 200;
const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_DURATION ?? 20);
const TARGET_PACED_P99_MS = 20;
const REFERENCE_SECONDS = Number(process.env.BENCH_REFERENCE_DURATION ?? 8);
const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 3331);
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(port: number): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-matches-'));
  const child = spawn(...serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: SECRET,
      // As in production (docs/deploy.md): behind a proxy on the same machine that names each
      // client in X-Forwarded-For, every watcher with its own address, and every limit at its
      // real value. With all checks from 127.0.0.1 and the limits ×1000, a fast machine reached
      // the per-address limit after 60,000 checks, and counted the cheap refusals as throughput.
      TRUSTED_PROXIES: '127.0.0.1',
      // The check does not use the search index: its load would compete with the measurement.
      SEARCH_INDEX: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) {
          resolve(async () => {
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
      if (Date.now() - started > 180_000) reject(new Error('server did not start'));
      else setTimeout(poll, 500);
    };
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    void poll();
  });
}

/** A plate that is valid but, with overwhelming likelihood, on no announcement. */
function randomPlate(random: () => number): string {
  const letters = 'ABCDEFGHJKLMNPQRSTVWXYZ';
  const letter = () => letters[Math.floor(random() * letters.length)];
  const digit = () => String(Math.floor(random() * 10));
  return `${letter()}${letter()}${digit()}${digit()}${digit()}${letter()}${letter()}`;
}

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const [counts] = (
    await client.query(
      `select count(*)::int as annonces,
        count(*) filter (where status = 'VALIDATED')::int as validated,
        count(*) filter (where status = 'VALIDATED' and license_plate is not null)::int as plates
       from annonces`,
    )
  ).rows as { annonces: number; validated: number; plates: number }[];
  if (!counts || counts.annonces < 100_000) {
    throw new Error('run `npm run bench:discovery:generate -w @app/bench` first');
  }
  await ensureCheckHistory(client);
  // Watchers: accepted identities; their earlier benchmark checks are forgotten so the rate limit
  // starts from zero (the limit itself is exercised by the API tests). Their history stays.
  const watchers = (
    await client.query(
      `select id, username from users where identity_status = 'ACCEPTED' order by id desc limit $1`,
      [WATCHERS],
    )
  ).rows as { id: number; username: string }[];
  const watcherIds = watchers.map((w) => w.id);
  const forgetRunChecks = () =>
    client.query(
      `delete from identifier_checks
       where user_id = any($1) and created_at > now() - ${HISTORY_ENDS}`,
      [watcherIds],
    );
  // BENCH_COUNTED_TODAY=1: every watcher already made today's 3 counted checks, so the checks
  // measured earn 0 lampions and write no ledger row (the steady state of an active watcher);
  // without it every check earns its lampion, a ledger row more (the worst case). A check's
  // lampion is told on the scan's result, never as a notification (lampions.service.ts).
  const countedToday = process.env.BENCH_COUNTED_TODAY === '1';
  /** The watchers as at the start of their day: no check since the history, lampions as chosen. */
  const startWatchersDay = async () => {
    await forgetRunChecks();
    await client.query(
      `delete from lampion_events
       where user_id = any($1) and kind = 'IDENTIFIER_CHECK' and created_at > now() - ${HISTORY_ENDS}`,
      [watcherIds],
    );
    if (countedToday) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
      await client.query(
        `insert into lampion_events (user_id, kind, points, day, created_at)
         select id, 'IDENTIFIER_CHECK', 1, $2, now() from unnest($1::int[]) id, generate_series(1, 3)`,
        [watcherIds, day],
      );
    }
  };
  await startWatchersDay();
  const plates = (
    await client.query(
      `select license_plate from annonces tablesample system (1)
       where status = 'VALIDATED' and license_plate is not null and not (owner_id = any($1))
         -- the generator also writes plates with I, O or U, which no client can send (docs/product/annonces.md §5)
         and license_plate !~ '[IOU]'
       limit 2000`,
      [watcherIds],
    )
  ).rows.map((row: { license_plate: string }) => row.license_plate);

  // The owner's notice goes out at most once an hour per announcement: in the steady state a hit
  // finds it already sent. BENCH_NOTICES=due makes every hit the first of its hour (the worst case).
  const noticesDue = process.env.BENCH_NOTICES === 'due';
  await client.query(
    noticesDue
      ? `delete from annonce_sighting_notices where annonce_id in
           (select id from annonces where license_plate = any($1))`
      : `insert into annonce_sighting_notices (annonce_id, notified_at)
         select id, now() from annonces where license_plate = any($1)
         on conflict (annonce_id) do update set notified_at = excluded.notified_at`,
    [plates],
  );
  const random = mulberry32(42);
  // Plates only: a new-format plate with one confusion is no longer a plate (the scan refuses it
  // before the lookup), so close matches come from VINs and serial numbers, which this database
  // lacks; a close match costs the same single index probe (see the plan below).
  type Kind = 'hit' | 'miss';
  const bodies: { kind: Kind; body: string }[] = [];
  for (let i = 0; i < 3000; i += 1) {
    const kind: Kind = random() < 0.5 ? 'hit' : 'miss';
    const value =
      kind === 'hit' ? plates[Math.floor(random() * plates.length)]! : randomPlate(random);
    const scanned = {
      identifierType: 'LICENCE_PLATE',
      licensePlate: value,
      latitude: 43 + random() * 5,
      longitude: -1 + random() * 7,
      isText: true,
    };
    bodies.push({
      kind,
      body: new URLSearchParams({ scannedIdentifier: JSON.stringify(scanned) }).toString(),
    });
  }
  const tokens = createAccessTokens(SECRET, systemClock);
  const headers = await Promise.all(
    watchers.map(async (w, index) => ({
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': watcherAddress(index),
      // The web app's X-Device-Id: counted per device too, as a phone's checks are.
      'x-device-id': `bench-device-${String(index).padStart(8, '0')}`,
      authorization: `Bearer ${await tokens.sign({ userId: w.id, username: w.username, roles: ['ROLE_INDIVIDUAL_CONFIRMED'] })}`,
    })),
  );

  const port = Number(process.env.BENCH_APP_PORT ?? (await freePort()));
  const stop = await startServer(port);
  const hello = await startHello(HELLO_PORT);
  const load = () => os.loadavg()[0]!.toFixed(2);
  try {
    const appUrl = `http://127.0.0.1:${port}`;
    // Each watcher's first check since the server started, measured apart: its token is verified
    // and its sessions read, which the server then keeps (the token until it expires, the
    // sessions 10 minutes, session-revocations.ts). The checks measured next are those of
    // watchers already scanning, as most checks are: a watcher is first seen once per 10 minutes
    // and may check 30 times meanwhile. Also warms plans and JIT.
    let firstSeen = 0;
    const firstChecks = await measureLoad({
      url: appUrl,
      connections: CONNECTIONS,
      seconds: 0,
      amount: headers.length,
      requests: [
        {
          method: 'POST',
          path: '/scannedIdentifier/getMatchResult',
          setupRequest: (request) => {
            const i = firstSeen++;
            return {
              ...request,
              headers: headers[i % headers.length]!,
              body: bodies[i % bodies.length]!.body,
            };
          },
        },
      ],
    });
    await startWatchersDay();
    const checksBefore = Number(
      (await client.query('select count(*)::int as n from identifier_checks')).rows[0].n,
    );
    const referenceOptions = {
      appUrl,
      helloUrl: hello.url,
      connections: CONNECTIONS,
      seconds: REFERENCE_SECONDS,
    };
    const referencesBefore = await measureReferences(referenceOptions);
    const loadBefore = load();
    // Round trips, counted by the database itself: each statement outside a transaction commits one.
    const commits = async () =>
      Number(
        (
          await client.query(
            'select xact_commit::bigint as n from pg_stat_database where datname = current_database()',
          )
        ).rows[0].n,
      );
    // A busy backend reports its counts at most once a second, an idle one after 10 s: the
    // references' requests must be counted before the checks begin, the checks' before they end.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
    await settle();
    const commitsBefore = await commits();
    let next = 0;
    const statuses: Record<string, number> = {};
    const checkRequests: autocannon.Request[] = [
      {
        method: 'POST',
        path: '/scannedIdentifier/getMatchResult',
        setupRequest: (request) => {
          next += 1;
          return {
            ...request,
            headers: headers[next % headers.length]!,
            body: bodies[next % bodies.length]!.body,
          };
        },
      },
    ];
    const result = await measureLoad({
      url: appUrl,
      connections: CONNECTIONS,
      seconds: DURATION_SECONDS,
      requests: checkRequests,
      onResponse: (status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      },
    });
    const loadAfter = load();
    await settle();
    const commitsPerCheck = (await commits()) - commitsBefore - 1;
    const referencesAfter = await measureReferences(referenceOptions);
    const references = meanReferences(referencesBefore, referencesAfter);
    // autocannon's overallRate, kept to compare with the earlier runs: bursts at the top of each
    // second (bench/open-loop.ts says why), not a steady rate.
    const paced = await measureLoad({
      url: appUrl,
      connections: 16,
      seconds: 10,
      requests: checkRequests,
      overallRate: PACED_RATE,
    });
    // What a person in the street waits for when the server is not saturated: one check every
    // 5 ms, whatever the answers do, with the server's own view of the same seconds.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const metricsBefore = await scrapeMetrics(appUrl);
    const open = await openLoop({
      url: appUrl,
      rate: PACED_RATE,
      seconds: OPEN_LOOP_SECONDS,
      next: () => {
        next += 1;
        return {
          method: 'POST',
          path: '/scannedIdentifier/getMatchResult',
          headers: headers[next % headers.length]!,
          body: bodies[next % bodies.length]!.body,
        };
      },
    });
    const serverSide = serverSideSummary(
      metricsBefore,
      await scrapeMetrics(appUrl),
      '/scannedIdentifier/getMatchResult',
    );
    const checksAfter = Number(
      (await client.query('select count(*)::int as n from identifier_checks')).rows[0].n,
    );
    const outcomes = (
      await client.query(
        `select outcome, count(*)::int as n from identifier_checks
         where user_id = any($1) and created_at > now() - ${HISTORY_ENDS}
         group by outcome order by outcome`,
        [watcherIds],
      )
    ).rows as { outcome: string; n: number }[];
    const samplePlate = plates[0]!;
    const plan = (
      await client.query(
        `explain (analyze, buffers, costs off)
         select id, owner_id, license_plate = $1 as exact from annonces
         where status = 'VALIDATED' and license_plate is not null
           and translate(license_plate, 'OIBSZ', '01852') = $2
         order by (license_plate = $1) desc, validated_at desc nulls last limit 10`,
        [samplePlate, confusionKey(samplePlate)],
      )
    ).rows
      .map((row: Record<string, string>) => row['QUERY PLAN'])
      .join('\n');

    const date = new Date().toISOString().slice(0, 10);
    const label = process.env.BENCH_LABEL ?? 'run';
    const throughputRatio = result.rps / references.health.rps;
    const p99Ratio = result.p99 / references.health.p99;
    const met = (ok: boolean) => (ok ? 'met' : '**missed**');
    const lines = [
      `## ${label} (${new Date().toISOString().slice(11, 16)} UTC)`,
      '',
      `- announcements: ${counts.annonces.toLocaleString('en')} (VALIDATED ${counts.validated.toLocaleString('en')}, with a plate ${counts.plates.toLocaleString('en')})`,
      `- history (bench/matches/check-history.ts): ${checksBefore.toLocaleString('en')} earlier identifier checks, none in the last 2 days`,
      `- ${CONNECTIONS} connections, checks ${DURATION_SECONDS} s, each reference ${REFERENCE_SECONDS} s before and after; server pool: 10 PostgreSQL connections; SEARCH_INDEX=off`,
      `- machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), **shared with other agents' builds and tests**; load average ${loadBefore} before, ${loadAfter} after the checks`,
      `- watchers already seen: each made its first check since the server started before the measure (its own row below), then its day started again (checks and lampions of the run deleted)`,
      `- lampions: ${countedToday ? 'every watcher already had its 3 counted checks of the day (0 lampion)' : 'every watcher earns its lampion on its first 3 checks of the day'}`,
      `- owner notices: ${noticesDue ? 'due for every hit (the first hit of the hour on each announcement)' : 'already sent this hour for every announcement hit (steady state)'}`,
      `- rate limits in force: ${IDENTIFIER_CHECK_RATE_LIMITS.map((l) => `${l.max} per ${l.windowMs / 60000} min`).join(', ')}`,
      '',
      ...RATIO_HEADER,
      ratioRow('POST getMatchResult', result, references),
      ratioRow(
        `POST getMatchResult, autocannon overallRate ${PACED_RATE}/s, 16 connections (bursts each second)`,
        paced,
        references,
      ),
      ratioRow(`POST getMatchResult, open loop at a steady ${PACED_RATE}/s`, open, references),
      ratioRow(
        `POST getMatchResult, each watcher's first since the server started (${firstChecks.requests} checks at ${CONNECTIONS} connections: token verified, sessions read)`,
        firstChecks,
        references,
      ),
      ...referenceRows('before', referencesBefore),
      ...referenceRows('after', referencesAfter),
      ...referenceRows('mean', references),
      '',
      ...(result.non2xx > 0
        ? [
            `**Not a measure of the check**: ${result.non2xx} of the checks were refused (statuses below); a refusal costs less than a check.`,
            '',
          ]
        : []),
      `Goals against GET /health of this run: throughput ${throughputRatio.toFixed(2)}× (≥ ${TARGET_THROUGHPUT_RATIO}×: ${met(throughputRatio >= TARGET_THROUGHPUT_RATIO)}), p99 ${p99Ratio.toFixed(2)}× (≤ ${TARGET_P99_RATIO}×: ${met(p99Ratio <= TARGET_P99_RATIO)}); open loop at a steady ${PACED_RATE}/s: p99 ${open.p99} ms (< ${TARGET_PACED_P99_MS} ms: ${met(open.p99 < TARGET_PACED_P99_MS)}, ${open.rps} req/s reached; autocannon's bursts: p99 ${paced.p99} ms).`,
      '',
      `Open loop, ${OPEN_LOOP_SECONDS} s: each time runs from the moment the check was due; the client sent late by p99 ${open.sendDelayP99} ms, worst ${open.sendDelayMax} ms. ${serverSide}`,
      '',
      `Database transactions per check (pg_stat_database, the checks at ${CONNECTIONS} connections): ${(commitsPerCheck / result.requests).toFixed(2)}; machine CPU per check ${result.cpuMs.toFixed(2)} ms, per GET /health ${references.health.cpuMs.toFixed(2)} ms.`,
      '',
      `Statuses: ${Object.entries(statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')}; errors ${result.errors}.`,
      `Rows written: ${checksAfter - checksBefore} identifier checks (${outcomes.map((o) => `${o.outcome} ${o.n}`).join(', ')}).`,
      '',
      '### Plan of the lookup (exact and close in one probe)',
      '',
      '```',
      plan,
      '```',
      '',
    ];
    const file = path.join(ROOT, 'bench', 'results', `matches-${date}.md`);
    // Each run adds its section: the file holds before and after.
    const heading = `# Identifier check benchmark (${date})\n\nPOST /scannedIdentifier/getMatchResult through the real server (apps/server/dist/main.js, compiled as production runs it; PostgreSQL on the same machine, autocannon on loopback), written by \`npm run bench:matches -w @app/bench\` (bench/matches/run.ts). Each request is a different watcher among the most recent ${WATCHERS} accepted users: ~50 % hits, ~50 % misses (plates). Figures are stated as ratios to GET /health (one \`select 1\`) and to a bare Fastify hello, measured in the same run on the same machine.\n\n`;
    const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : heading;
    fs.writeFileSync(file, `${previous.trimEnd()}\n\n${lines.join('\n')}`);
    console.log(lines.join('\n'));
    console.log(`written to ${file}`);
  } finally {
    await hello.stop();
    await stop();
    await client.end();
    await dropOwnRateCounters();
  }
}

/** The address the proxy names for a watcher: one of 10.0.0.0/8, none of the test suite's. */
const watcherAddress = (index: number) => `10.${index >> 8}.${index & 255}.1`;

/**
 * With REDIS_URL (a cluster's setting), the server counted the run's checks in the shared Redis,
 * where the daily counters live 24 hours: the next run would start with its watchers' devices and
 * addresses already counted. They are dropped.
 */
async function dropOwnRateCounters() {
  const url = process.env.REDIS_URL;
  if (!url) return;
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = [
      ...(await redis.keys(`${RATE_LIMIT_KEY_PREFIX}*identifierCheck*:ip:10.*`)),
      ...(await redis.keys(
        `${RATE_LIMIT_KEY_PREFIX}*identifierCheck*:account:device:bench-device-*`,
      )),
    ];
    if (keys.length > 0) await redis.del(...keys);
    console.log(`rate-limit counters of this run dropped from Redis: ${keys.length}`);
  } finally {
    redis.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
