/**
 * Whose CPU a benchmark's requests cost: the server under test, PostgreSQL, the load generator (this
 * process: autocannon runs in it) and the rest of the machine. On a 2-core machine the three share
 * the cores, so a ratio to `GET /health` moves when any of them does; the split says which one to
 * look at (issue 20). Linux only (/proc); zeros elsewhere. A process that exits during the run
 * takes its time with it: it then counts as "other".
 */
import fs from 'node:fs';

export interface CpuSplit {
  server: number;
  database: number;
  client: number;
}

/** A server started by a benchmark: its command line names the server's entry. */
const SERVER_ENTRY = /apps\/server\/(src\/main\.ts|dist\/main\.js)/;
/** USER_HZ is 100 on every Linux this runs on: one tick is 10 ms. */
export const MS_PER_TICK = 10;

/** A /proc/<pid>/stat line's command name and CPU ticks (user and system). */
export function parseStat(stat: string): { comm: string; ticks: number } {
  // The command name is in parentheses and may hold spaces or ")": the fields start after the last.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  // utime and stime, the 14th and 15th fields of the line (the 12th and 13th after the name).
  return {
    comm: stat.slice(stat.indexOf('(') + 1, close),
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

function cpuTicksOf(pid: string): { comm: string; ticks: number } | null {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

function isServer(pid: string): boolean {
  try {
    return SERVER_ENTRY.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/** CPU time so far of each role, in ms. */
export function cpuSoFar(): CpuSplit {
  const split: CpuSplit = { server: 0, database: 0, client: 0 };
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return split;
  }
  const self = String(process.pid);
  for (const pid of pids) {
    const found = cpuTicksOf(pid);
    if (!found) continue;
    const ms = found.ticks * MS_PER_TICK;
    if (pid === self) split.client += ms;
    else if (found.comm === 'postgres') split.database += ms;
    else if (isServer(pid)) split.server += ms;
  }
  return split;
}

/** What each role spent between two readings, in ms. */
export function cpuBetween(before: CpuSplit, after: CpuSplit): CpuSplit {
  // Never below 0: a process that exited took its time with it.
  const spent = (key: keyof CpuSplit) => Math.max(0, after[key] - before[key]);
  return { server: spent('server'), database: spent('database'), client: spent('client') };
}

/** What each role spent between two readings, per request. */
export function cpuPerRequest(before: CpuSplit, after: CpuSplit, requests: number): CpuSplit {
  const spent = cpuBetween(before, after);
  const per = (key: keyof CpuSplit) => (requests > 0 ? spent[key] / requests : 0);
  return { server: per('server'), database: per('database'), client: per('client') };
}
