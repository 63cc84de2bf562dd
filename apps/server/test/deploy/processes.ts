import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { COMMAND_LINE_GC_FLAGS } from '../../src/lib/garbage-collection';
import { SERVER_ROOT } from '../../src/lib/server-paths';
import { withDatabase } from '../global-setup';

/**
 * What the deployment tests share: the compiled server run as the operator runs it (node
 * dist/main.js), databases of their own on the local PostgreSQL, dropped afterwards.
 */

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? '';
export const REDIS_URL = process.env.REDIS_URL ?? '';

/** Compiles the server once per test file (esbuild: a few seconds). */
export function buildServer(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: SERVER_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`server build failed:\n${result.stderr}`);
}

export async function createDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    name,
    url: withDatabase(POSTGRES_URL, name),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Instance {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (JSON log lines), for a failing test's message. */
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `node dist/<entry>` with the V8 settings the systemd unit gives, and resolves once GET
 * /ready answers 200 on its port.
 */
export async function startInstance(
  port: number,
  env: Record<string, string>,
  entry = 'dist/main.js',
): Promise<Instance> {
  const child = spawn(process.execPath, [...COMMAND_LINE_GC_FLAGS, entry], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const instance: Instance = {
    port,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  await waitUntilReady(instance);
  return instance;
}

export async function waitUntilReady(instance: Instance, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(`instance ${instance.port} exited:\n${instance.output()}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${instance.port}/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance ${instance.port} not ready:\n${instance.output()}`);
}

export function runScript(script: string, env: Record<string, string>, args: string[]) {
  const result = spawnSync('bash', [path.join(SERVER_ROOT, '../../deploy', script), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`${script} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout.trim().split('\n');
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), prefix));
}
