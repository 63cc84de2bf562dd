import { describe, expect, it } from 'vitest';
import { createFastCheckBatcher, type FastCheckRunners } from './fast-check-batcher';
import type { FastCheckInput, FastCheckResult } from './matches.repository';

/** A check told apart by its user id; its answer carries the same id as hitId. */
const input = (userId: number) => ({ userId }) as FastCheckInput;
const answer = (userId: number): FastCheckResult => ({
  outcome: 'DONE',
  hitId: userId,
  closeId: null,
  lampionsGained: 0,
});

/** Runners whose statements end when the test says so, each statement's checks written down. */
function heldRunners() {
  const statements: { users: number[]; finish(error?: unknown): void }[] = [];
  const hold = <T>(users: number[], value: () => T) =>
    new Promise<T>((resolve, reject) => {
      statements.push({
        users,
        finish: (error) => (error === undefined ? resolve(value()) : reject(error)),
      });
    });
  const runners: FastCheckRunners = {
    one: (check) => hold([check.userId], () => answer(check.userId)),
    many: (checks) =>
      hold(
        checks.map((check) => check.userId),
        () => checks.map((check) => answer(check.userId)),
      ),
  };
  return { runners, statements };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createFastCheckBatcher', () => {
  it('sends a check alone at once while fewer statements than the limit are running', async () => {
    const { runners, statements } = heldRunners();
    const check = createFastCheckBatcher(runners, { inFlight: 2, size: 32 });
    const first = check(input(1));
    const second = check(input(2));
    expect(statements.map((s) => s.users)).toEqual([[1], [2]]);
    statements[0]!.finish();
    statements[1]!.finish();
    expect(await first).toEqual(answer(1));
    expect(await second).toEqual(answer(2));
  });

  it('sends the checks that waited together, at most `size` a statement, each its own answer', async () => {
    const { runners, statements } = heldRunners();
    const check = createFastCheckBatcher(runners, { inFlight: 1, size: 3 });
    const answers = [1, 2, 3, 4, 5, 6].map((user) => check(input(user)));
    expect(statements.map((s) => s.users)).toEqual([[1]]);
    statements[0]!.finish();
    await settled();
    expect(statements.map((s) => s.users)).toEqual([[1], [2, 3, 4]]);
    statements[1]!.finish();
    await settled();
    expect(statements.map((s) => s.users)).toEqual([[1], [2, 3, 4], [5, 6]]);
    statements[2]!.finish();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map(answer));
  });

  it('sends each check again alone when the database refused their statement', async () => {
    const { runners, statements } = heldRunners();
    const check = createFastCheckBatcher(runners, { inFlight: 1, size: 32 });
    const answers = [1, 2, 3].map((user) => check(input(user)).catch((error: Error) => error));
    statements[0]!.finish();
    await settled();
    // drizzle wraps the driver's error: the SQLSTATE is on its cause.
    const deadlock = Object.assign(new Error('deadlock detected'), {
      code: '40P01',
      severity: 'ERROR',
    });
    statements[1]!.finish(new Error('Failed query', { cause: deadlock }));
    await settled();
    expect(statements.map((s) => s.users)).toEqual([[1], [2, 3], [2]]);
    statements[2]!.finish();
    await settled();
    expect(statements.map((s) => s.users)).toEqual([[1], [2, 3], [2], [3]]);
    const ownTrouble = Object.assign(new Error('statement timeout'), {
      code: '57014',
      severity: 'ERROR',
    });
    statements[3]!.finish(ownTrouble);
    expect(await Promise.all(answers)).toEqual([answer(1), answer(2), ownTrouble]);
  });

  it('never sends again checks whose statement failed otherwise: they may have been counted', async () => {
    const { runners, statements } = heldRunners();
    const check = createFastCheckBatcher(runners, { inFlight: 1, size: 32 });
    const answers = [1, 2, 3].map((user) => check(input(user)).catch((error: Error) => error));
    statements[0]!.finish();
    await settled();
    const lost = new Error('Connection terminated unexpectedly');
    statements[1]!.finish(lost);
    expect(await Promise.all(answers)).toEqual([answer(1), lost, lost]);
    expect(statements).toHaveLength(2);
    // The batcher goes on with the next checks.
    const next = check(input(4));
    statements[2]!.finish();
    expect(await next).toEqual(answer(4));
  });
});
