import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database';
import { annonces, favourites } from '../../src/db/schema/index';
import { createAccessTokens } from '../../src/lib/access-tokens';
import { systemClock } from '../../src/lib/clock';
import { SERVER_ROOT } from '../../src/lib/server-paths';
import { hashPassword } from '../../src/lib/passwords';
import { buildAnnonce, buildUser } from '../factories';
import {
  NGINX,
  makeCertificate,
  openEventStream,
  request,
  siteForTest,
  startNginx,
  type Nginx,
} from './nginx';
import {
  POSTGRES_URL,
  REDIS_URL,
  buildServer,
  createDatabase,
  startInstance,
  tempDir,
  type Instance,
} from './processes';

/**
 * Two instances behind the real nginx over HTTPS, on PostgreSQL and Redis (docs/deploy.md): what an
 * operator's users would notice if the instances did not share sessions, live notifications, the
 * search index, rate limits and files, or if a restart lost requests or writes.
 */
const BASE = Number(process.env.CLUSTER_TEST_PORT_BASE ?? 3450);
const PORTS = {
  main: BASE,
  pinned: [BASE + 1, BASE + 2] as [number, number],
  instances: [BASE + 3, BASE + 4] as [number, number],
};
const PASSWORD = 'Cluster-test-2026';
const AUTH_SECRET = 'cluster-test-secret-cluster-test-secret-01';
const LOAD_WORKERS = 4;
const LOAD_MAX_PER_WORKER = 3000;
/** Favourites each worker may add: one call in WRITE_EVERY writes while they last. */
const WRITES_PER_WORKER = 200;
const WRITE_EVERY = 6;
const LOAD_MAX_MS = 120_000;
const tokens = createAccessTokens(AUTH_SECRET, systemClock);

const missing = [
  !POSTGRES_URL && 'TEST_DATABASE_URL',
  !REDIS_URL && 'REDIS_URL',
  !fs.existsSync(NGINX) && `nginx (${NGINX})`,
].filter(Boolean);
if (missing.length > 0) {
  console.warn(
    `cluster test skipped: needs ${missing.join(', ')} (CI has them; see docs/deploy.md)`,
  );
}

interface LoadFigures {
  requests: number;
  failures: { status: number | string; path: string }[];
  acknowledgedWrites: { userId: number; annonceId: number }[];
}

/**
 * A bounded load through the proxy: each worker sends reads and, one call in WRITE_EVERY, a write
 * (adding a favourite: a row per call), at most LOAD_MAX_PER_WORKER calls and LOAD_MAX_MS, until
 * stopped.
 */
function startLoad(
  target: { port: number; ca: Buffer },
  workers: { token: string; userId: number; annonceIds: number[] }[],
) {
  const figures: LoadFigures = { requests: 0, failures: [], acknowledgedWrites: [] };
  let stopped = false;
  const deadline = Date.now() + LOAD_MAX_MS;
  const waiting: { count: number; resolve: () => void }[] = [];
  const done = Promise.all(
    workers.map(async (worker) => {
      for (let call = 0; call < LOAD_MAX_PER_WORKER && !stopped && Date.now() < deadline; call++) {
        const write = call % WRITE_EVERY === 1;
        const annonceId = worker.annonceIds.shift();
        const urlPath = write && annonceId ? '/annonce/updateFavoris' : '/user/currentUserData';
        figures.requests++;
        for (const waiter of waiting.filter((w) => figures.requests >= w.count)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve();
        }
        try {
          const res =
            write && annonceId
              ? await request(target, 'POST', urlPath, { token: worker.token, json: { annonceId } })
              : await request(target, 'GET', urlPath, { token: worker.token });
          if (res.status !== 200) figures.failures.push({ status: res.status, path: urlPath });
          else if (write && annonceId && res.json<{ annonceFavorite: boolean }>().annonceFavorite) {
            figures.acknowledgedWrites.push({ userId: worker.userId, annonceId });
          }
        } catch (error) {
          figures.failures.push({ status: (error as Error).message, path: urlPath });
        }
      }
    }),
  );
  return {
    figures,
    /** Resolves once `count` requests have been sent. */
    reached(count: number) {
      return new Promise<void>((resolve) => {
        if (figures.requests >= count) resolve();
        else waiting.push({ count, resolve });
      });
    },
    async stop() {
      stopped = true;
      await done;
      return figures;
    },
  };
}

describe.skipIf(missing.length > 0)(
  'two instances behind nginx (TLS, HTTP/2), PostgreSQL and Redis',
  () => {
    const dir = tempDir('veilleurs-cluster-');
    const report: string[] = [];
    let database: Database;
    let dropDatabase: () => Promise<void> = async () => {};
    let nginx: Nginx | null = null;
    const instances: (Instance | null)[] = [null, null];
    let ca: Buffer;
    let env: Record<string, string>;
    const main = () => ({ port: PORTS.main, ca });
    const through = (index: 0 | 1) => ({ port: PORTS.pinned[index], ca });

    async function signIn(index: 0 | 1, username: string, url = '/api/login') {
      const res = await request(through(index), 'POST', url, {
        json: { username, password: PASSWORD },
      });
      expect(res.status, res.body.toString()).toBe(200);
      return res.json<{ access_token: string }>().access_token;
    }

    beforeAll(async () => {
      buildServer();
      const created = await createDatabase('veilleurs_cluster');
      dropDatabase = created.drop;
      const certificate = makeCertificate(dir);
      ca = certificate.ca;
      // A Redis database of its own for the rate-limit counters (pub/sub is server-wide anyway).
      const redis = new URL(REDIS_URL);
      redis.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
      env = {
        DATABASE_URL: created.url,
        REDIS_URL: redis.toString(),
        AUTH_SECRET,
        DATA_DIR: path.join(dir, 'data'),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `https://127.0.0.1:${PORTS.main}`,
        TRUSTED_PROXIES: '127.0.0.1',
        WEB_DIST_DIR: path.join(dir, 'no-web'),
      };
      // Both start at once on an empty database: the migration lock makes one wait for the other.
      const started = Date.now();
      const [a, b] = await Promise.all(PORTS.instances.map((port) => startInstance(port, env)));
      instances[0] = a!;
      instances[1] = b!;
      report.push(
        `- two instances started at once on an empty database: ${Date.now() - started} ms`,
      );
      nginx = await startNginx(
        dir,
        siteForTest({ ...PORTS, cert: certificate.cert, key: certificate.key }),
        PORTS.main,
        ca,
      );
      database = await openDatabase({ kind: 'postgres', url: created.url });
    }, 300_000);

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(instances.map((instance) => instance?.stop()));
      await database?.close();
      await dropDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
      if (report.length > 0) {
        const date = new Date().toISOString().slice(0, 10);
        const file = path.resolve(SERVER_ROOT, `../../bench/results/cluster-${date}.md`);
        fs.writeFileSync(
          file,
          [
            `# Cluster through nginx (${date})`,
            '',
            'apps/server/test/deploy/cluster.test.ts: nginx (deploy/nginx/veilleurs.conf, TLS, HTTP/2) in front of',
            `two compiled instances on PostgreSQL and Redis, loopback; ${LOAD_WORKERS} load workers alternating a`,
            'read and a write (a favourite added), bounded in count and time.',
            '',
            `- machine: ${os.cpus().length} cores, shared; load average ${os.loadavg()[0]!.toFixed(2)}`,
            ...report,
            '',
          ].join('\n'),
        );
      }
    });

    it('serves the site over HTTPS with HTTP/2 offered, and keeps probes and metrics off the internet', async () => {
      const res = await request(main(), 'GET', '/health');
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', database: 'postgres' });
      // Once, from the app: a second copy from nginx would be a configuration mistake.
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      for (const probe of ['/ready', '/metrics']) {
        expect((await request(main(), 'GET', probe)).status).toBe(404);
      }
      const check = await import('node:child_process').then(({ spawnSync }) =>
        spawnSync(
          'curl',
          [
            '-sS',
            '--http2',
            '--cacert',
            path.join(dir, 'cert.pem'),
            '-o',
            '/dev/null',
            '-w',
            '%{http_version}',
            `https://localhost:${PORTS.main}/health`,
          ],
          { encoding: 'utf8' },
        ),
      );
      if (check.status === 0) expect(check.stdout).toBe('2');
    });

    it('shares sign-in limits: wrong passwords sent to both instances slow the next try on either', async () => {
      // docs/security.md: a few wrong passwords per account and address are free, then each try
      // waits. Alternating instances, the wait must come as early as on one instance alone.
      const username = `nobody-${Date.now()}@example.test`;
      let firstRefused = 0;
      for (let attempt = 1; attempt <= 8 && !firstRefused; attempt++) {
        const res = await request(through((attempt % 2) as 0 | 1), 'POST', '/api/login', {
          json: { username, password: 'wrong-password' },
        });
        if (res.status === 429) firstRefused = attempt;
        else expect(res.status, `attempt ${attempt}`).toBe(401);
      }
      expect(firstRefused).toBeGreaterThan(2);
      for (const index of [0, 1] as const) {
        const res = await request(through(index), 'POST', '/api/login', {
          json: { username, password: 'wrong-password' },
        });
        expect(res.status).toBe(429);
      }
    });

    it('signs in through one instance and goes on through the other; a photo sent to one is served by the other', async () => {
      const hash = await hashPassword(PASSWORD);
      const firstname = `Sophie${Date.now()}`;
      const user = await buildUser(database.db, { passwordHash: hash, firstname });
      const token = await signIn(0, user.username);
      const me = await request(through(1), 'GET', '/user/currentUserData', { token });
      expect(me.status).toBe(200);
      expect(me.body.toString()).toContain(firstname);

      const png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: '#c0392b' },
      })
        .png()
        .toBuffer();
      const boundary = 'cluster-test-boundary';
      const part = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(
          part('phoneNumber', '06 12 34 56 78') +
            part('countryCode', 'FR') +
            part('department', '31'),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="ribFile"; filename="rib.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await request(through(0), 'POST', '/user/updatePublicProfile', {
        token,
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(upload.status, upload.body.toString()).toBe(200);
      const profile = (await request(through(1), 'GET', '/user/getProfile', { token })).json<{
        rib: { fileUrl: string };
      }>();
      const fromA = await request(through(0), 'GET', profile.rib.fileUrl);
      const fromB = await request(through(1), 'GET', profile.rib.fileUrl);
      expect(fromB.status).toBe(200);
      // Images are re-encoded on upload (metadata dropped): the same stored bytes from both.
      expect(fromB.headers['content-type']).toMatch(/^image\//);
      expect(fromB.body.length).toBeGreaterThan(0);
      expect(fromB.body.equals(fromA.body)).toBe(true);
    });

    it('an announcement validated on one instance reaches a watcher streaming from the other, and the other’s search sees it at once', async () => {
      const hash = await hashPassword(PASSWORD);
      const owner = await buildUser(database.db, { passwordHash: hash });
      const admin = await buildUser(database.db, { passwordHash: hash, roles: ['ROLE_ADMIN'] });
      const word = `clusterword${Date.now()}`;
      const annonce = await buildAnnonce(database.db, {
        ownerId: owner.id,
        status: 'TO_VALIDATE',
        validatedAt: null,
        description: `Vélo volé ${word}`,
      });

      const ownerToken = await signIn(1, owner.username);
      const ticket = (
        await request(through(1), 'POST', '/lampNotification/liveTicket', { token: ownerToken })
      ).json<{
        ticket: string;
      }>().ticket;
      const stream = openEventStream(
        through(1),
        `/lampNotification/live?ticket=${encodeURIComponent(ticket)}`,
      );
      try {
        expect((await stream.opened).status).toBe(200);
        await stream.next('ready');

        const adminToken = await signIn(0, admin.username, '/admin/login');
        const validated = await request(
          through(0),
          'POST',
          `/admin/api/annonce/${annonce.id}/validate`,
          {
            token: adminToken,
          },
        );
        expect(validated.status, validated.body.toString()).toBe(200);

        const search = await request(through(1), 'POST', '/search/getSearchAnnonces', {
          token: ownerToken,
          json: { offset: 0, researchSorting: 'MOST_RECENT', researchText: word },
        });
        expect(search.status).toBe(200);
        expect(search.json<{ annonces: { id: number }[] }>().annonces.map((a) => a.id)).toEqual([
          annonce.id,
        ]);

        await stream.next('notifications');
        const bell = await request(through(1), 'POST', '/lampNotification/getAllForUser', {
          token: ownerToken,
          json: {},
        });
        expect(bell.body.toString()).toContain('ANNONCE_ACCEPTED');
      } finally {
        stream.close();
      }
    });

    async function loadWorkers(count: number) {
      const hash = await hashPassword(PASSWORD);
      const workers = [];
      for (let index = 0; index < count; index++) {
        const user = await buildUser(database.db, { passwordHash: hash });
        const rows = await database.db
          .insert(annonces)
          .values(
            Array.from({ length: WRITES_PER_WORKER }, () => ({
              ownerId: user.id,
              status: 'VALIDATED' as const,
              isComplete: true,
              validatedAt: new Date(),
              publishedAt: new Date(),
            })),
          )
          .returning({ id: annonces.id });
        // Signed with the instances' shared AUTH_SECRET rather than signed in: every sign-in counts
        // against the per-address limit the rate-limit test exhausts (all come from 127.0.0.1).
        workers.push({
          token: await tokens.sign({ userId: user.id, username: user.username, roles: user.roles }),
          userId: user.id,
          annonceIds: rows.map((r) => r.id),
        });
      }
      return workers;
    }

    async function expectWritesKept(writes: LoadFigures['acknowledgedWrites']) {
      const ids = writes.map((write) => write.annonceId);
      const rows = ids.length
        ? await database.db
            .select({ userId: favourites.userId, annonceId: favourites.annonceId })
            .from(favourites)
            .where(inArray(favourites.annonceId, ids))
        : [];
      const kept = new Set(rows.map((row) => `${row.userId}:${row.annonceId}`));
      const lost = writes.filter((write) => !kept.has(`${write.userId}:${write.annonceId}`));
      expect(lost).toEqual([]);
    }

    it('restarts the instances one after the other under load without a failed request', async () => {
      const load = startLoad(main(), await loadWorkers(LOAD_WORKERS));
      const restarts: number[] = [];
      for (const index of [0, 1] as const) {
        const started = Date.now();
        await instances[index]!.stop('SIGTERM');
        instances[index] = await startInstance(PORTS.instances[index], env);
        restarts.push(Date.now() - started);
      }
      const figures = await load.stop();
      report.push(
        '',
        '## Rolling restart (SIGTERM, start, ready; one instance then the other)',
        '',
        `- requests: ${figures.requests}, failed: ${figures.failures.length}, acknowledged writes: ${figures.acknowledgedWrites.length}`,
        `- restart times (stop to ready): ${restarts.map((ms) => `${ms} ms`).join(', ')}`,
      );
      // On failure, what nginx saw says which side gave up.
      expect(figures.failures.slice(0, 5), nginx!.errorLog().slice(0, 6000)).toEqual([]);
      expect(figures.requests).toBeGreaterThan(0);
      await expectWritesKept(figures.acknowledgedWrites);
    });

    it('loses only the killed instance’s requests under way, and no acknowledged write, on kill -9', async () => {
      const load = startLoad(main(), await loadWorkers(LOAD_WORKERS));
      // Let the load reach both instances before the kill.
      await load.reached(40);
      const killedAt = Date.now();
      await instances[0]!.stop('SIGKILL');
      instances[0] = await startInstance(PORTS.instances[0], env);
      const back = Date.now() - killedAt;
      const figures = await load.stop();
      report.push(
        '',
        '## kill -9 of one instance under load, then start again',
        '',
        `- requests: ${figures.requests}, failed: ${figures.failures.length} (${figures.failures.map((f) => `${f.status} ${f.path}`).join('; ') || 'none'}), acknowledged writes: ${figures.acknowledgedWrites.length}`,
        `- killed instance back and ready after ${back} ms`,
      );
      // Each worker has one request under way at most: only those may fail.
      expect(figures.failures.length, nginx!.errorLog().slice(0, 6000)).toBeLessThanOrEqual(
        LOAD_WORKERS,
      );
      await expectWritesKept(figures.acknowledgedWrites);
    });
  },
);
