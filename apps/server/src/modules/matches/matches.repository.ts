import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { IdentifierType } from '@app/domain';
import { arrayLiteral } from '../../db/array-literal';
import type { Db } from '../../db/database';
import {
  annonces,
  brands,
  identifierChecks,
  matchReportPhotos,
  matchReports,
  modelFinishes,
  models,
  users,
  vehicleTypes,
} from '../../db/schema/index';

/** A transaction or the database: repository functions run inside either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The caller's identity status, and a lock on their row for the rest of the transaction. */
export async function lockWatcher(
  db: Executor,
  userId: number,
): Promise<{ identityStatus: string } | null> {
  const [row] = await db
    .select({ identityStatus: users.identityStatus })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/**
 * The caller's identity status and their checks since each instant, with their row locked for the
 * rest of the transaction (so concurrent checks of one user are counted one after the other): one
 * round trip on the hot path of getMatchResult, a named prepared statement (planned once per
 * connection: planning costs more than running it).
 */
export async function lockWatcherWithCounts(
  db: Executor,
  userId: number,
  since: readonly Date[],
  walk: PrefixWalkQuery,
): Promise<{ identityStatus: string; counts: number[]; walk: PrefixWalkCounts } | null> {
  const counts = Object.fromEntries(
    since.map((_, i) => [
      `c${i}`,
      sql<number>`(select count(*)::int from ${identifierChecks} c
        where c.user_id = ${sql.placeholder('userId')}
          and c.created_at > ${sql.placeholder(`since${i}`)}::timestamptz)`,
    ]),
  );
  // Other identifiers of the same visible prefix checked without a hit (identifier_checks_walk_idx).
  const walkCount = (mine: boolean) => sql<number>`(select count(distinct c.identifier)::int
    from ${identifierChecks} c
    where c.identifier_type = ${sql.placeholder('walkType')}
      and left(c.identifier, -2) = ${sql.placeholder('walkPrefix')}
      and c.outcome <> 'HIT'
      and c.created_at > ${sql.placeholder('walkSince')}::timestamptz
      and c.identifier <> ${sql.placeholder('walkIdentifier')}
      ${mine ? sql`and c.user_id = ${sql.placeholder('userId')}` : sql``})`;
  const statement = db
    .select({
      identityStatus: users.identityStatus,
      ...counts,
      walkMine: walkCount(true),
      walkEveryone: walkCount(false),
      // An attempt lost in a crash in the last milliseconds is harmless; waiting for the disk on
      // every check is not: this transaction commits without waiting (set here, same round trip).
      asyncCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('update')
    .prepare(`match_watcher_walk_counts_${since.length}`);
  const values: Record<string, unknown> = {
    userId,
    walkType: walk.type,
    // No prefix (too short an identifier): a value no stored identifier has.
    walkPrefix: walk.prefix ?? '#',
    walkSince: walk.since.toISOString(),
    walkIdentifier: walk.identifier,
  };
  since.forEach((date, i) => {
    values[`since${i}`] = date.toISOString();
  });
  const [row] = (await statement.execute(values)) as Record<string, unknown>[];
  if (!row) return null;
  return {
    identityStatus: String(row.identityStatus),
    counts: since.map((_, i) => Number(row[`c${i}`] ?? 0)),
    walk: {
      mine: walk.prefix === null ? 0 : Number(row.walkMine ?? 0),
      everyone: walk.prefix === null ? 0 : Number(row.walkEveryone ?? 0),
    },
  };
}

/** The checked identifier and its visible prefix (null when too short to guard). */
export interface PrefixWalkQuery {
  type: IdentifierType;
  identifier: string;
  prefix: string | null;
  since: Date;
}

/** Other identifiers of that prefix checked without a hit: by the caller, and by everyone. */
export interface PrefixWalkCounts {
  mine: number;
  everyone: number;
}

/** The announcement columns an identifier type is looked up in. */
const LOOKUP_COLUMNS: Record<IdentifierType, readonly (keyof typeof LOOKUP_SQL)[]> = {
  LICENCE_PLATE: ['license_plate'],
  VIN: ['vin'],
  BICYCODE: ['bicycode'],
  SERIAL_NUMBER: ['serial_number'],
  // A window engraving repeats the plate or the VIN (etched on every window).
  WINDOW_ENGRAVING: ['license_plate', 'vin'],
};
const LOOKUP_SQL = {
  license_plate: sql.raw('license_plate'),
  vin: sql.raw('vin'),
  bicycode: sql.raw('bicycode'),
  serial_number: sql.raw('serial_number'),
};

export interface LookupCandidate {
  id: number;
  ownerId: number;
  exact: boolean;
}

/**
 * VALIDATED announcements whose identifier has this confusion key (migration 0011's partial
 * expression indexes): exact ones first, then the most recently validated. At most 10.
 */
export async function findByConfusionKey(
  db: Executor,
  type: IdentifierType,
  identifier: string,
  key: string,
): Promise<LookupCandidate[]> {
  const columns = LOOKUP_COLUMNS[type];
  if (columns.length === 1) {
    // One column: a named prepared statement (planned once per connection).
    const column = LOOKUP_SQL[columns[0]!];
    const statement = db
      .select({
        id: annonces.id,
        ownerId: annonces.ownerId,
        exact: sql<boolean>`${column} = ${sql.placeholder('identifier')}`,
      })
      .from(annonces)
      .where(
        sql`${annonces.status} = 'VALIDATED' and ${column} is not null
          and translate(${column}, 'OIBSZ', '01852') = ${sql.placeholder('key')}`,
      )
      .orderBy(
        sql`(${column} = ${sql.placeholder('identifier')}) desc`,
        sql`${annonces.validatedAt} desc nulls last`,
      )
      .limit(10)
      .prepare(`match_lookup_${columns[0]}`);
    const rows = (await statement.execute({ identifier, key })) as {
      id: number;
      ownerId: number;
      exact: unknown;
    }[];
    return rows.map((row) => ({
      id: row.id,
      ownerId: row.ownerId,
      exact: row.exact === true || row.exact === 't',
    }));
  }
  const parts = columns.map((name) => {
    const column = LOOKUP_SQL[name];
    return sql`(select id, owner_id, ${column} = ${identifier} as exact, validated_at
      from annonces
      where status = 'VALIDATED' and ${column} is not null
        and translate(${column}, 'OIBSZ', '01852') = ${key}
      order by (${column} = ${identifier}) desc, validated_at desc nulls last
      limit 10)`;
  });
  const query = sql`select id, owner_id, exact from (${sql.join(parts, sql` union all `)}) found
    order by exact desc, validated_at desc nulls last limit 10`;
  const result = await db.execute(query);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    id: Number(row.id),
    ownerId: Number(row.owner_id),
    exact: row.exact === true || row.exact === 't',
  }));
}

export type IdentifierCheckInsert = typeof identifierChecks.$inferInsert;

export async function insertIdentifierCheck(
  db: Executor,
  values: IdentifierCheckInsert,
): Promise<number> {
  const [row] = await db
    .insert(identifierChecks)
    .values(values)
    .returning({ id: identifierChecks.id });
  if (!row) throw new Error('identifier check not stored');
  return row.id;
}

/** The announcement a report is about, locked for the rest of the transaction. */
export async function lockAnnonce(
  db: Executor,
  annonceId: number,
): Promise<{
  id: number;
  ownerId: number;
  status: string;
  brandId: number | null;
  modelId: number | null;
} | null> {
  const [row] = await db
    .select({
      id: annonces.id,
      ownerId: annonces.ownerId,
      status: annonces.status,
      brandId: annonces.brandId,
      modelId: annonces.modelId,
    })
    .from(annonces)
    .where(eq(annonces.id, annonceId))
    .for('update');
  return row ?? null;
}

export async function hasOpenReport(
  db: Executor,
  watcherId: number,
  annonceId: number,
  openStatuses: readonly string[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: matchReports.id })
    .from(matchReports)
    .where(
      and(
        eq(matchReports.watcherId, watcherId),
        eq(matchReports.annonceId, annonceId),
        inArray(matchReports.status, [...openStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The watcher's latest check on this announcement since `since`, to link the report to it. */
export async function latestCheckOn(
  db: Executor,
  userId: number,
  annonceId: number,
  since: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ id: identifierChecks.id })
    .from(identifierChecks)
    .where(
      and(
        eq(identifierChecks.userId, userId),
        eq(identifierChecks.annonceId, annonceId),
        gt(identifierChecks.createdAt, since),
      ),
    )
    .orderBy(desc(identifierChecks.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The columns a match list item needs (the report, its announcement and catalogue names). */
function matchColumns() {
  return {
    id: matchReports.id,
    annonceId: matchReports.annonceId,
    status: matchReports.status,
    address: matchReports.address,
    latitude: matchReports.latitude,
    longitude: matchReports.longitude,
    vin: matchReports.vin,
    color: matchReports.color,
    energy: matchReports.energy,
    description: matchReports.description,
    createdAt: matchReports.createdAt,
    reviewComment: matchReports.reviewComment,
    restitutionDate: matchReports.restitutionDate,
    moneyGained: matchReports.moneyGained,
    lampionsGained: matchReports.lampionsGained,
    reportVehicleTypeId: matchReports.vehicleTypeId,
    reportBrandId: matchReports.brandId,
    reportModelId: matchReports.modelId,
    reportModelFinishId: matchReports.modelFinishId,
    annonceBrandName: brands.name,
    annonceModelName: models.name,
    annonceTypeNameFr: vehicleTypes.nameFr,
    annonceTypeNameEn: vehicleTypes.nameEn,
    additionalRewardLevel: annonces.additionalRewardLevel,
    annoncePublishedAt: annonces.publishedAt,
    annonceCreatedAt: annonces.createdAt,
    annonceNbViews: annonces.nbViews,
    annonceStatus: annonces.status,
    theftLatitude: annonces.theftLatitude,
    theftLongitude: annonces.theftLongitude,
    theftDepartmentCode: annonces.theftDepartmentCode,
    theftCity: annonces.theftCity,
  };
}

export type MatchRow = Awaited<ReturnType<typeof findMatchesOfWatcher>>[number];

/** A watcher's reports, newest first (at most `limit`), optionally on one announcement. */
export async function findMatchesOfWatcher(
  db: Executor,
  watcherId: number,
  options: { annonceId?: number; limit: number },
) {
  return db
    .select(matchColumns())
    .from(matchReports)
    .innerJoin(annonces, eq(annonces.id, matchReports.annonceId))
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
    .leftJoin(brands, eq(brands.id, annonces.brandId))
    .leftJoin(models, eq(models.id, annonces.modelId))
    .where(
      options.annonceId === undefined
        ? eq(matchReports.watcherId, watcherId)
        : and(eq(matchReports.watcherId, watcherId), eq(matchReports.annonceId, options.annonceId)),
    )
    .orderBy(desc(matchReports.createdAt), desc(matchReports.id))
    .limit(options.limit);
}

/** Photo file ids of reports, in the watcher's order. */
export async function reportPhotoIds(
  db: Executor,
  reportIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byReport = new Map<number, number[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select({ reportId: matchReportPhotos.matchReportId, fileId: matchReportPhotos.fileId })
    .from(matchReportPhotos)
    .where(inArray(matchReportPhotos.matchReportId, [...reportIds]))
    .orderBy(asc(matchReportPhotos.matchReportId), asc(matchReportPhotos.position));
  for (const row of rows) {
    const list = byReport.get(row.reportId) ?? [];
    list.push(row.fileId);
    byReport.set(row.reportId, list);
  }
  return byReport;
}

/** Names of catalogue items by id (the report's own vehicle description). */
export async function catalogueNames(
  db: Executor,
  ids: { types: number[]; brands: number[]; models: number[]; finishes: number[] },
) {
  const [typeRows, brandRows, modelRows, finishRows] = await Promise.all([
    ids.types.length
      ? db
          .select({ id: vehicleTypes.id, fr: vehicleTypes.nameFr, en: vehicleTypes.nameEn })
          .from(vehicleTypes)
          .where(inArray(vehicleTypes.id, ids.types))
      : [],
    ids.brands.length
      ? db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(inArray(brands.id, ids.brands))
      : [],
    ids.models.length
      ? db
          .select({ id: models.id, name: models.name })
          .from(models)
          .where(inArray(models.id, ids.models))
      : [],
    ids.finishes.length
      ? db
          .select({ id: modelFinishes.id, name: modelFinishes.name })
          .from(modelFinishes)
          .where(inArray(modelFinishes.id, ids.finishes))
      : [],
  ]);
  return {
    types: new Map(typeRows.map((row) => [row.id, row])),
    brands: new Map(brandRows.map((row) => [row.id, row.name])),
    models: new Map(modelRows.map((row) => [row.id, row.name])),
    finishes: new Map(finishRows.map((row) => [row.id, row.name])),
  };
}

/** What identifier_check() (migration 0025) decided; SLOW: nothing written, run the transaction. */
export type FastCheckOutcome =
  'NO_USER' | 'IDENTITY' | 'TOO_MANY' | 'WALK_ACCOUNT' | 'WALK_EVERYONE' | 'OWN' | 'SLOW' | 'DONE';

/** identifier_check()'s answer for one check. */
export interface FastCheckResult {
  outcome: FastCheckOutcome;
  hitId: number | null;
  closeId: number | null;
  lampionsGained: number;
}

export interface FastCheckInput {
  userId: number;
  identityStatuses: readonly string[];
  rateSince: readonly Date[];
  rateMax: readonly number[];
  type: IdentifierType;
  identifier: string;
  key: string;
  walk: PrefixWalkQuery & { perAccount: number; everyone: number };
  lampions: {
    day: string;
    checkPoints: number;
    countedPerDay: number;
    pointsPerLevel: number;
    superWatcherLevel: number;
  };
  noticeSince: Date;
  latitude: number | null;
  longitude: number | null;
  isOcr: boolean;
  isVocalCommand: boolean;
  isText: boolean;
  now: Date;
}

/**
 * identifier_check()'s call, prepared: PostgreSQL parses and plans it once per connection instead
 * of on every check, which cost about a third of the check's time in the database (issue 20:
 * pgbench, 3,700 calls/s sent unprepared against 5,700 prepared). Built once per database handle.
 */
const fastCheckStatements = new WeakMap<Executor, ReturnType<typeof prepareFastCheck>>();

function prepareFastCheck(db: Executor) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      outcome: sql<string>`outcome`,
      hitId: sql<number | null>`hit_id`,
      closeId: sql<number | null>`close_id`,
      lampionsGained: sql<number>`lampions_gained`,
    })
    .from(
      sql`identifier_check(${p('userId')}::int, ${p('identityStatuses')}::text[],
        ${p('rateSince')}::timestamptz[], ${p('rateMax')}::int[],
        ${p('type')}::text, ${p('identifier')}::text, ${p('key')}::text,
        ${p('walkPrefix')}::text, ${p('walkSince')}::timestamptz,
        ${p('walkPerAccount')}::int, ${p('walkEveryone')}::int,
        ${p('day')}::text, ${p('checkPoints')}::int,
        ${p('countedPerDay')}::int, ${p('pointsPerLevel')}::int,
        ${p('superWatcherLevel')}::int, ${p('noticeSince')}::timestamptz,
        ${p('latitude')}::float8, ${p('longitude')}::float8, ${p('isOcr')}::boolean,
        ${p('isVocalCommand')}::boolean, ${p('isText')}::boolean,
        ${p('now')}::timestamptz)`,
    )
    .prepare('identifier_check');
}

/**
 * The whole check in one statement (identifier_check(), migration 0025): one round trip, no
 * BEGIN/COMMIT, where the transaction took nine.
 */
export async function runFastCheck(db: Executor, input: FastCheckInput): Promise<FastCheckResult> {
  let statement = fastCheckStatements.get(db);
  if (!statement) {
    statement = prepareFastCheck(db);
    fastCheckStatements.set(db, statement);
  }
  const [row] = await statement.execute({
    userId: input.userId,
    identityStatuses: arrayLiteral(input.identityStatuses),
    rateSince: arrayLiteral(input.rateSince),
    rateMax: arrayLiteral(input.rateMax),
    type: input.type,
    identifier: input.identifier,
    key: input.key,
    walkPrefix: input.walk.prefix,
    walkSince: input.walk.since.toISOString(),
    walkPerAccount: input.walk.perAccount,
    walkEveryone: input.walk.everyone,
    day: input.lampions.day,
    checkPoints: input.lampions.checkPoints,
    countedPerDay: input.lampions.countedPerDay,
    pointsPerLevel: input.lampions.pointsPerLevel,
    superWatcherLevel: input.lampions.superWatcherLevel,
    noticeSince: input.noticeSince.toISOString(),
    latitude: input.latitude,
    longitude: input.longitude,
    isOcr: input.isOcr,
    isVocalCommand: input.isVocalCommand,
    isText: input.isText,
    now: input.now.toISOString(),
  });
  if (!row) throw new Error('identifier_check answered nothing');
  return fastCheckResultOf(row);
}

/** A row of identifier_check() or identifier_check_batch() as the service reads it. */
export function fastCheckResultOf(row: {
  outcome: unknown;
  hitId: unknown;
  closeId: unknown;
  lampionsGained: unknown;
}): FastCheckResult {
  return {
    outcome: String(row.outcome) as FastCheckOutcome,
    hitId: row.hitId === null ? null : Number(row.hitId),
    closeId: row.closeId === null ? null : Number(row.closeId),
    lampionsGained: Number(row.lampionsGained),
  };
}
