import { sqlStateOf } from '../../db/sql-state';
import type { FastCheckInput, FastCheckResult } from './matches.repository';

/** How the checks reach the database: one alone, or several in one statement. */
export interface FastCheckRunners {
  one(input: FastCheckInput): Promise<FastCheckResult>;
  many(inputs: readonly FastCheckInput[]): Promise<FastCheckResult[]>;
}

export interface FastCheckBatchLimits {
  /** Statements of checks at the database at once; the rest of the pool serves other requests. */
  inFlight: number;
  /** Most checks in one statement. */
  size: number;
}

/**
 * Two statements at a time keep both cores of a small machine busy; 32 checks make a statement of
 * about 10 ms there (issue 20, bench/results/matches-2026-12-03-notes.md, session 37).
 */
export const FAST_CHECK_BATCH_LIMITS: FastCheckBatchLimits = { inFlight: 2, size: 32 };

interface Waiting {
  input: FastCheckInput;
  resolve(result: FastCheckResult): void;
  reject(error: unknown): void;
}

/**
 * Sends the identifier checks to the database together when they arrive faster than it answers
 * (issue 20): a check arriving while `inFlight` statements of checks are running waits, and goes
 * with those that waited with it, up to `size` in one statement (identifier_check_batch(),
 * migration 0034). What a statement costs besides its checks (the round trip, the transaction,
 * waking the WAL writer) was more than half of a check alone. A quiet server sends each check
 * alone, at once, as before.
 *
 * A statement that fails undid all its checks (one transaction): when the database refused it
 * (an SQL error: a deadlock, a timeout), its checks are sent again alone, one after the other in
 * its slot, so that one check's trouble is its own. Any other failure (the connection lost) may
 * have come after the commit, so it is every check's answer: sending them again could count them
 * twice.
 */
export function createFastCheckBatcher(
  runners: FastCheckRunners,
  limits: FastCheckBatchLimits = FAST_CHECK_BATCH_LIMITS,
) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  function send() {
    while (inFlight < limits.inFlight && waiting.length > 0) {
      const batch = waiting.splice(0, limits.size);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        send();
      });
    }
  }

  async function run(batch: Waiting[]) {
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      await runners.one(only.input).then(only.resolve, only.reject);
      return;
    }
    let results: FastCheckResult[];
    try {
      results = await runners.many(batch.map((check) => check.input));
    } catch (error) {
      // The database answered with an error: the statement's transaction was rolled back.
      if (sqlStateOf(error) === null) {
        for (const check of batch) check.reject(error);
        return;
      }
      // One after the other: the statement's slot is theirs, not the rest of the pool.
      for (const check of batch) {
        await runners.one(check.input).then(check.resolve, check.reject);
      }
      return;
    }
    batch.forEach((check, index) => check.resolve(results[index]!));
  }

  return function check(input: FastCheckInput): Promise<FastCheckResult> {
    return new Promise((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      send();
    });
  };
}
