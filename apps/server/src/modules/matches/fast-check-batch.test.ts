import { ScannedIdentifierSchema, type ScannedIdentifierInput } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { annonceSightingNotices, identifierChecks, lampionEvents } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { createLampions } from '../lampions/index';
import { createNotifier } from '../notifications/index';
import * as batch from './fast-check-batch';
import { createMatchCheckService } from './match-check.service';

// The real statement, watched: these tests must see checks go to the database together.
vi.mock('./fast-check-batch', async (original) => {
  const actual = await original<typeof batch>();
  return { ...actual, runFastCheckBatch: vi.fn(actual.runFastCheckBatch) };
});

describe('identifier checks sent together (identifier_check_batch, migration 0034)', () => {
  let t: TestApp;
  let owner: TestUser;
  let hitAnnonce: { id: number };
  let service: ReturnType<typeof createMatchCheckService>;

  /**
   * The checks as the route hands them to the service, all in the same tick: the first two go to
   * the database alone (two statements at a time), the others wait and go together.
   */
  const checkTogether = (checks: [TestUser, ScannedIdentifierInput][]) =>
    Promise.allSettled(
      checks.map(([user, scanned]) =>
        service.getMatchResult({ userId: user.id }, ScannedIdentifierSchema.parse(scanned)),
      ),
    );
  const messageKeyOf = (answer: PromiseSettledResult<unknown>) =>
    answer.status === 'rejected' ? (answer.reason as { messageKey?: string }).messageKey : null;
  const valueOf = (answer: PromiseSettledResult<unknown>) =>
    answer.status === 'fulfilled' ? answer.value : answer.reason;
  const checksOf = (userId: number) =>
    t.db
      .select()
      .from(identifierChecks)
      .where(eq(identifierChecks.userId, userId))
      .orderBy(identifierChecks.id);
  const ledgerOf = (userId: number) =>
    t.db
      .select({ points: lampionEvents.points })
      .from(lampionEvents)
      .where(and(eq(lampionEvents.userId, userId), eq(lampionEvents.kind, 'IDENTIFIER_CHECK')));
  /** True when every check that passed comes before every one refused (no pass after a refusal). */
  const inOrderSent = <T>(answers: readonly T[], passed: (answer: T) => boolean) =>
    answers.every((answer, index) => !passed(answer) || answers.slice(0, index).every(passed));
  /** Sizes of the statements that held several checks since the test began. */
  const batchSizes = () =>
    vi.mocked(batch.runFastCheckBatch).mock.calls.map(([, inputs]) => inputs.length);

  beforeAll(async () => {
    t = await buildTestApp();
    const notifier = createNotifier({ db: t.db, clock: t.clock });
    service = createMatchCheckService({
      db: t.db,
      clock: t.clock,
      lampions: createLampions({ db: t.db, clock: t.clock, notifier }),
      notifier,
      log: { warn: () => undefined },
    });
    owner = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    hitAnnonce = await buildAnnonce(t.db, { ownerId: owner.id, licensePlate: 'BT123BT' });
    // The owner was told of a sighting this hour: a hit is answered in the statement itself.
    await t.db
      .insert(annonceSightingNotices)
      .values({ annonceId: hitAnnonce.id, notifiedAt: t.clock.now() });
  });
  beforeEach(() => {
    vi.mocked(batch.runFastCheckBatch).mockClear();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers each check as if it had been sent alone', async () => {
    const watcher = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const other = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    const unverified = await buildUser(t.db, { identityStatus: 'NOT_SUBMITTED' });
    const noticer = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const dueAnnonce = await buildAnnonce(t.db, { ownerId: owner.id, licensePlate: 'BT456BT' });
    const answers = await checkTogether([
      [watcher, { licensePlate: 'BT-111-BT' }],
      [other, { identifierType: 'SERIAL_NUMBER', serialNumber: 'AB2' }],
      [watcher, { licensePlate: 'bt-123-bt', latitude: 45.76, longitude: 4.84, isOcr: true }],
      [other, { licensePlate: 'BT-123-BT' }],
      [owner, { licensePlate: 'BT-123-BT' }],
      [unverified, { licensePlate: 'BT-123-BT' }],
      // Too short for a masked prefix: no walk to count.
      [other, { identifierType: 'SERIAL_NUMBER', serialNumber: 'AB1' }],
      // The owner not yet told this hour: the statement leaves it to the application's transaction.
      [noticer, { licensePlate: 'BT-456-BT' }],
    ]);
    expect(batchSizes()).toEqual([6]);

    expect(answers.map(messageKeyOf)).toEqual([
      null,
      null,
      null,
      null,
      'match.own.annonce.error',
      'identity.required.error',
      null,
      null,
    ]);
    expect(valueOf(answers[0]!)).toEqual({
      annonceId: null,
      lampionsGained: 1,
      isCloseMatch: false,
      closeMatchAnnonceId: null,
    });
    expect(valueOf(answers[2]!)).toEqual({
      annonceId: hitAnnonce.id,
      lampionsGained: 1,
      isCloseMatch: false,
      closeMatchAnnonceId: null,
    });
    expect(valueOf(answers[3]!)).toMatchObject({ annonceId: hitAnnonce.id, lampionsGained: 1 });
    expect(valueOf(answers[6]!)).toMatchObject({ annonceId: null, lampionsGained: 1 });
    expect(valueOf(answers[7]!)).toMatchObject({ annonceId: dueAnnonce.id, lampionsGained: 1 });
    // Written once, by the transaction, which also told the owner.
    expect((await checksOf(noticer.id)).map((row) => row.outcome)).toEqual(['HIT']);
    const [notice] = await t.db
      .select()
      .from(annonceSightingNotices)
      .where(eq(annonceSightingNotices.annonceId, dueAnnonce.id));
    expect(notice?.notifiedAt).toEqual(t.clock.now());

    const rows = await checksOf(watcher.id);
    expect(rows.map((row) => [row.identifier, row.outcome, row.annonceId])).toEqual(
      expect.arrayContaining([
        ['BT111BT', 'MISS', null],
        ['BT123BT', 'HIT', hitAnnonce.id],
      ]),
    );
    expect(rows.find((row) => row.outcome === 'HIT')).toMatchObject({
      latitude: 45.76,
      longitude: 4.84,
      isOcr: true,
      createdAt: t.clock.now(),
    });
    expect(await checksOf(owner.id)).toHaveLength(0);
    expect(await checksOf(unverified.id)).toHaveLength(0);
  });

  it("counts a watcher's checks sent together one after the other: lampions and limits hold", async () => {
    const scanner = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const plates = ['CA-111-AA', 'CA-222-AA', 'CA-333-AA', 'CA-444-AA', 'CA-555-AA', 'CA-666-AA'];
    const gained = await checkTogether(
      plates.map((plate): [TestUser, ScannedIdentifierInput] => [scanner, { licensePlate: plate }]),
    );
    expect(batchSizes()).toEqual([4]);
    // Three lampions a day, whichever checks earned them: the two checks sent alone and the
    // statement of four take the watcher's lock in whatever order the database gives them (on
    // PostgreSQL the statement may come before the second check), but inside the statement the
    // checks count in the order sent.
    const lampions = gained.map(
      (answer) => (valueOf(answer) as { lampionsGained: number }).lampionsGained,
    );
    expect(lampions.filter((points) => points === 1)).toHaveLength(3);
    expect(lampions.filter((points) => points === 0)).toHaveLength(3);
    expect(inOrderSent(lampions.slice(2), (points) => points === 1)).toBe(true);
    expect(await ledgerOf(scanner.id)).toEqual([{ points: 1 }, { points: 1 }, { points: 1 }]);
    expect(await checksOf(scanner.id)).toHaveLength(6);

    // 27 checks in the last 10 minutes: of six sent together, three pass the limit of 30.
    const limited = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    await t.db.insert(identifierChecks).values(
      Array.from({ length: 27 }, () => ({
        userId: limited.id,
        identifierType: 'LICENCE_PLATE',
        identifier: 'CB111AA',
        outcome: 'MISS',
        createdAt: new Date(t.clock.now().getTime() - 60_000),
      })),
    );
    const answers = await checkTogether(
      plates.map((plate): [TestUser, ScannedIdentifierInput] => [
        limited,
        { licensePlate: plate.replace('CA', 'CB') },
      ]),
    );
    const keys = answers.map(messageKeyOf);
    expect(keys.filter((key) => key === null)).toHaveLength(3);
    expect(keys.filter((key) => key === 'match.too.many.checks.error')).toHaveLength(3);
    expect(inOrderSent(keys.slice(2), (key) => key === null)).toBe(true);
    expect(await checksOf(limited.id)).toHaveLength(30);
  });
});
