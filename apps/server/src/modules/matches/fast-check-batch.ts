import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import {
  fastCheckResultOf,
  type Executor,
  type FastCheckInput,
  type FastCheckResult,
} from './matches.repository';

/**
 * identifier_check_batch()'s call (migration 0034), prepared like identifier_check()'s: several
 * checks in one round trip and one transaction, each with identifier_check()'s rules and answer.
 */
const batchStatements = new WeakMap<Executor, ReturnType<typeof prepareBatch>>();

function prepareBatch(db: Executor) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      item: sql<number>`item`,
      outcome: sql<string>`outcome`,
      hitId: sql<number | null>`hit_id`,
      closeId: sql<number | null>`close_id`,
      lampionsGained: sql<number>`lampions_gained`,
    })
    .from(
      sql`identifier_check_batch(${p('userIds')}::int[], ${p('identityStatuses')}::text[],
        ${p('rateSince')}::timestamptz[], ${p('rateMax')}::int[],
        ${p('types')}::text[], ${p('identifiers')}::text[], ${p('keys')}::text[],
        ${p('walkPrefixes')}::text[], ${p('walkSince')}::timestamptz[],
        ${p('walkPerAccount')}::int, ${p('walkEveryone')}::int,
        ${p('days')}::text[], ${p('checkPoints')}::int,
        ${p('countedPerDay')}::int, ${p('pointsPerLevel')}::int,
        ${p('superWatcherLevel')}::int, ${p('noticeSince')}::timestamptz[],
        ${p('latitudes')}::float8[], ${p('longitudes')}::float8[], ${p('isOcr')}::boolean[],
        ${p('isVocalCommand')}::boolean[], ${p('isText')}::boolean[],
        ${p('now')}::timestamptz[])`,
    )
    .prepare('identifier_check_batch');
}

/**
 * The checks in one statement; the answers in the order of `inputs`. The rules every check shares
 * (identity statuses, rate maxima, walk and lampion constants) are the first input's: the service
 * builds them from constants, the same for every check.
 */
export async function runFastCheckBatch(
  db: Executor,
  inputs: readonly FastCheckInput[],
): Promise<FastCheckResult[]> {
  const [first] = inputs;
  if (!first) return [];
  let statement = batchStatements.get(db);
  if (!statement) {
    statement = prepareBatch(db);
    batchStatements.set(db, statement);
  }
  const each = <T extends Parameters<typeof arrayLiteral>[0][number]>(
    pick: (input: FastCheckInput) => T,
  ) => arrayLiteral(inputs.map(pick));
  const rows = await statement.execute({
    userIds: each((input) => input.userId),
    identityStatuses: arrayLiteral(first.identityStatuses),
    // Each check's windows one after the other, as many per check as there are maxima.
    rateSince: arrayLiteral(inputs.flatMap((input) => input.rateSince)),
    rateMax: arrayLiteral(first.rateMax),
    types: each((input) => input.type),
    identifiers: each((input) => input.identifier),
    keys: each((input) => input.key),
    walkPrefixes: each((input) => input.walk.prefix),
    walkSince: each((input) => input.walk.since),
    walkPerAccount: first.walk.perAccount,
    walkEveryone: first.walk.everyone,
    days: each((input) => input.lampions.day),
    checkPoints: first.lampions.checkPoints,
    countedPerDay: first.lampions.countedPerDay,
    pointsPerLevel: first.lampions.pointsPerLevel,
    superWatcherLevel: first.lampions.superWatcherLevel,
    noticeSince: each((input) => input.noticeSince),
    latitudes: each((input) => input.latitude),
    longitudes: each((input) => input.longitude),
    isOcr: each((input) => input.isOcr),
    isVocalCommand: each((input) => input.isVocalCommand),
    isText: each((input) => input.isText),
    now: each((input) => input.now),
  });
  const results: (FastCheckResult | undefined)[] = new Array(inputs.length);
  for (const row of rows) results[Number(row.item) - 1] = fastCheckResultOf(row);
  return results.map((result) => {
    if (!result) throw new Error('identifier_check_batch answered for fewer checks than sent');
    return result;
  });
}
