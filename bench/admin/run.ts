/**
 * `npx tsx bench/admin/run.ts`: how long the back office's reads take on the national-scale
 * database of the discovery benchmark (BENCH_DATABASE_URL, 1,000,000 announcements). Calls the real
 * admin services (read-only: no decision is taken, the database is left as it was), 7 runs each,
 * and writes the medians and the plans of the two reads that walk the biggest tables to
 * bench/results/admin-<date>.md. Run on demand, never in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_PAGE_SIZE } from '@app/domain';
import { createLocalFileStorage } from '../../apps/server/src/adapters/local-file-storage';
import { openDatabase } from '../../apps/server/src/db/database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createAdminAnnoncesService } from '../../apps/server/src/modules/admin/admin-annonces.service';
import { createAdminCatalogService } from '../../apps/server/src/modules/admin/admin-catalog.service';
import type { AdminContext } from '../../apps/server/src/modules/admin/admin-context';
import { createAdminFeedbackService } from '../../apps/server/src/modules/admin/admin-feedback.service';
import { createAdminMatchesService } from '../../apps/server/src/modules/admin/admin-matches.service';
import { createAdminUsersService } from '../../apps/server/src/modules/admin/admin-users.service';
import { listAdminActions } from '../../apps/server/src/modules/admin/audit-log';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/veilleurs_bench';
const RUNS = 7;
/** A back-office screen should answer well within a second; every read here is one screen's. */
const TARGET_MS = 200;
const ROOT = path.resolve(import.meta.dirname, '../..');

async function timed(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)]!, max: times[RUNS - 1]! };
}

async function main() {
  const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  const db = database.db;
  const ctx: AdminContext = {
    db,
    clock: systemClock,
    storage: createLocalFileStorage(
      fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-admin-')),
    ),
    publicUrl: 'http://localhost:3000',
    signingSecret: 'bench-secret-bench-secret-bench-secret-42',
    notifier: { notify: async () => {} },
    log: console,
  };
  const annonces = createAdminAnnoncesService(ctx);
  const users = createAdminUsersService(ctx);
  const catalog = createAdminCatalogService(ctx);
  const feedback = createAdminFeedbackService(ctx);
  const matches = createAdminMatchesService(ctx, async () => 0);

  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const counts = (
    await client.query<{ users: string; annonces: string; to_validate: string }>(
      `select (select count(*) from users) as users, (select count(*) from annonces) as annonces,
              (select count(*) from annonces where status = 'TO_VALIDATE') as to_validate`,
    )
  ).rows[0]!;

  const reads: [string, () => Promise<unknown>][] = [
    [
      'dashboard (7 counts)',
      () =>
        Promise.all([
          annonces.countToValidate(),
          users.countIdentitiesToReview(),
          annonces.countDeletionRequests(),
          users.countDeletionRequests(),
          catalog.count(),
          feedback.count(),
          matches.countToValidate(),
        ]),
    ],
    ['announcements to validate, page 1', () => annonces.toValidate(1, ADMIN_PAGE_SIZE)],
    ['identities to check, page 1', () => users.identitiesToReview(1, ADMIN_PAGE_SIZE)],
    [
      'deletion requests',
      () => Promise.all([annonces.deletionRequests(100), users.accountDeletionRequests(100)]),
    ],
    ['user search "martin" (no match here)', () => users.search('martin', 1, ADMIN_PAGE_SIZE)],
    [
      'user search "User 3815" (about 10 matches)',
      () => users.search('User 3815', 1, ADMIN_PAGE_SIZE),
    ],
    ['user search by e-mail part "@example"', () => users.search('@example', 1, ADMIN_PAGE_SIZE)],
    ['users, newest first (empty search)', () => users.search('', 1, ADMIN_PAGE_SIZE)],
    ['custom catalogue items', () => catalog.list()],
    ['matches to validate, page 1', () => matches.list('TO_VALIDATE', 1, ADMIN_PAGE_SIZE)],
    ['feedback, page 1', () => feedback.list({ page: 1, pageSize: ADMIN_PAGE_SIZE })],
    ['audit log, page 1', () => listAdminActions(db, { limit: ADMIN_PAGE_SIZE, offset: 0 })],
  ];
  const rows: string[] = [];
  for (const [name, run] of reads) {
    const { median, max } = await timed(run);
    rows.push(
      `| ${name} | ${median.toFixed(1)} | ${max.toFixed(1)} | ${median <= TARGET_MS ? 'yes' : '**no**'} |`,
    );
  }

  const explain = async (sql: string) =>
    (
      await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${sql}`)
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  const searchPlan = await explain(
    `select id from users where username ilike '%martin%' or firstname ilike '%martin%' or lastname ilike '%martin%'
     order by created_at desc, id desc limit 20`,
  );
  const queuePlan = await explain(
    `select id from annonces where status = 'TO_VALIDATE' order by published_at, id limit 20`,
  );
  await client.end();
  await database.close();

  const date = new Date().toISOString().slice(0, 10);
  const load = os.loadavg()[0]!.toFixed(2);
  const report = `# Back-office reads (${date})

The admin services (apps/server/src/modules/admin) called directly on the national-scale database
of the discovery benchmark (PostgreSQL on the same machine), ${RUNS} runs each, read-only.

- users: ${Number(counts.users).toLocaleString('en')}, announcements: ${Number(counts.annonces).toLocaleString('en')} (TO_VALIDATE: ${Number(counts.to_validate).toLocaleString('en')})
- machine: ${os.cpus().length} cores, shared; load average ${load}
- target: every screen's read within ${TARGET_MS} ms (median)

| read | median ms | max ms | within target |
|---|---|---|---|
${rows.join('\n')}

The generated data has no announcement waiting for validation, no identity to check and no
deletion request (everything is VALIDATED): those rows measure the index probes and the empty
answers, not a full page. The user search figures show the trigram index: a selective text is
answered from it; a text most e-mails contain ("@example") reads most of the index.

## Plan of the user search (trigram index)

\`\`\`
${searchPlan}
\`\`\`

## Plan of the announcements queue (partial index)

\`\`\`
${queuePlan}
\`\`\`
`;
  const out = path.join(ROOT, 'bench/results', `admin-${date}.md`);
  fs.writeFileSync(out, report);
  console.log(report);
  console.log(`written to ${out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
