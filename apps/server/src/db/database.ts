import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../lib/server-paths';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the database-wide migration lock (a PostgreSQL advisory lock), so two
   * instances starting at once, or `migrate` during a start, migrate and seed one after the other.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Answers when the database can run a query; used by GET /health. */
  ping(): Promise<void>;
  /**
   * Opens every connection the pool may hold, at start: the first burst of requests (an alert
   * fan-out, every home rebuilt after a validation) then finds them ready instead of waiting for
   * new server processes to start. Nothing for the embedded database.
   */
  openAllConnections(): Promise<void>;
  /** The pool's connections now (the /metrics gauge); null for the embedded database. */
  connections(): PoolConnections | null;
  close(): Promise<void>;
}

export interface PoolConnections {
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined means in memory (tests); `loadDataDir` starts from a dump (test template). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The extensions DESIGN.md asks for; the first migration creates them. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, cube, earthdistance };

/** Key of the advisory lock taken around migrations and seeds ("veil" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x7665696c;

/** Connections an instance holds at most (docs/deploy.md sizes work_mem for them). */
const POOL_SIZE = 10;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: POOL_SIZE,
      // Kept once opened. The pool's default closed a connection idle for 10 s, so every burst
      // opened new ones, whose server processes start with cold caches: the home's top list
      // planned in 6 ms instead of 0.4 and ran in 52 ms instead of 2 on a new connection
      // (bench/results/notifications-end-to-end-2026-12-01-s24-notes.md).
      idleTimeoutMillis: 0,
    });
    // An idle connection dropped by the server (restart, failover, test teardown) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (error) => {
      console.error('idle PostgreSQL connection lost:', error.message);
    });
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () =>
        migrateNodePostgres(drizzleNodePostgres(pool), { migrationsFolder: MIGRATIONS_DIR }),
      exclusively: async (work) => {
        // The lock belongs to this one connection; the work itself uses the other pooled ones.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      openAllConnections: async () => {
        // All held at once, so that none is handed out twice; every one opened is given back
        // even when another could not be.
        const opened = await Promise.allSettled(
          Array.from({ length: POOL_SIZE }, () => pool.connect()),
        );
        for (const result of opened) if (result.status === 'fulfilled') result.value.release();
        const failed = opened.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      },
      connections: () => ({
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }

  if (target.dataDir) await fs.mkdir(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    // PGlite is one process's own database: nobody else can migrate it at the same time.
    exclusively: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    openAllConnections: async () => {},
    connections: () => null,
    close: () => client.close(),
    // Exposed for the test template (dumpDataDir); not part of the interface on purpose.
    ...({ pglite: client } as object),
  };
}
