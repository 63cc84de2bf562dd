import { describe, expect, it } from 'vitest';
import {
  computeLampionsInfo,
  gradeOfLevel,
  lampionDayOf,
  levelOf,
  loopOfLevel,
  pointsForEvent,
} from './lampions';

describe('lampion events', () => {
  it.each([
    ['IDENTIFIER_CHECK', 0, 1],
    ['IDENTIFIER_CHECK', 2, 1],
    ['IDENTIFIER_CHECK', 3, 0],
    ['IDENTIFIER_CHECK', 10, 0],
    ['MATCH_REPORTED', 5, 20],
    ['MATCH_VALIDATED', 0, 200],
    ['VEHICLE_FOUND', 0, 500],
    ['MATCH_INVALID', 0, -20],
  ] as const)('%s after %i counted checks today is worth %i', (kind, checks, points) => {
    expect(pointsForEvent(kind, checks)).toBe(points);
  });

  it('reads the day in Paris time', () => {
    // 23:30 UTC on 21 Nov is 00:30 on 22 Nov in Paris (winter time).
    expect(lampionDayOf(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(lampionDayOf(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-21');
  });

  it('turns the day at Paris midnight to the millisecond, in winter and summer, whatever came before', () => {
    const days = [
      '2026-11-21T22:59:59.999Z',
      '2026-11-21T23:00:00.000Z',
      '2026-11-21T22:59:30.000Z',
      '2026-07-01T21:59:59.999Z',
      '2026-07-01T22:00:00.000Z',
      '2026-07-01T22:00:00.000Z',
    ].map((iso) => lampionDayOf(new Date(iso)));
    expect(days).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-21',
      '2026-07-01',
      '2026-07-02',
      '2026-07-02',
    ]);
  });
});

describe('levels, loops and grades', () => {
  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [999, 10],
    [1000, 11],
    [-40, 1],
  ])('%i lampions is level %i', (lampions, level) => {
    expect(levelOf(lampions)).toBe(level);
  });

  it.each([
    [1, 1, 'Veilleur'],
    [2, 1, 'Veilleur'],
    [3, 1, 'Vigie'],
    [5, 1, 'Sentinelle'],
    [7, 1, 'Gardien'],
    [9, 1, "Lampion d'or"],
    [10, 1, "Lampion d'or"],
    [11, 2, 'Veilleur'],
    [24, 3, 'Vigie'],
  ] as const)('level %i is in loop %i, grade %s', (level, loop, grade) => {
    expect(loopOfLevel(level)).toBe(loop);
    expect(gradeOfLevel(level)).toBe(grade);
  });
});

describe('computeLampionsInfo', () => {
  it('starts a new account at level 1 of loop 1', () => {
    const info = computeLampionsInfo(0);
    expect(info).toMatchObject({
      lampionsUser: 0,
      currentLoop: 1,
      nbPointsInCurrentLoop: 1000,
      currentNbOfPointsInLoop: 0,
      currentGradeName: 'Veilleur',
      currentLevelNumber: 1,
      currentNbOfPoints: 0,
      nbPointsInCurrentLevel: 100,
    });
    expect(info.loops.map((loop) => [loop.number, loop.isCurrent, loop.isDone])).toEqual([
      [1, true, false],
      [2, false, false],
    ]);
  });

  it('places 1234 lampions in loop 2, level 13, grade Vigie', () => {
    const info = computeLampionsInfo(1234);
    expect(info).toMatchObject({
      lampionsUser: 1234,
      currentLoop: 2,
      currentNbOfPointsInLoop: 234,
      currentGradeName: 'Vigie',
      currentLevelNumber: 13,
      currentNbOfPoints: 34,
    });
    expect(info.currentLoopGrades[0]).toEqual({
      gradeName: 'Veilleur',
      levelMin: 11,
      levelMax: 12,
    });
    expect(info.currentLoopGrades[4]).toEqual({
      gradeName: "Lampion d'or",
      levelMin: 19,
      levelMax: 20,
    });
    expect(info.loops).toEqual([
      { number: 1, name: 'Boucle 1', levelMin: 1, levelMax: 10, isCurrent: false, isDone: true },
      { number: 2, name: 'Boucle 2', levelMin: 11, levelMax: 20, isCurrent: true, isDone: false },
      { number: 3, name: 'Boucle 3', levelMin: 21, levelMax: 30, isCurrent: false, isDone: false },
    ]);
  });

  it('never shows a negative count', () => {
    expect(computeLampionsInfo(-20).lampionsUser).toBe(0);
  });
});
