/**
 * The lampion table (docs/product/founders-decisions.md "lampions"), in one place: what each event is worth, how points
 * become levels, loops and grades. The server's ledger and the web's "My lampions" page both read it.
 */

import { calendarDayInFrance } from '../shared/calendar-day';

/** What earns or costs lampions, and how much. */
export const LAMPION_EVENT_POINTS = {
  /** A vehicle identifier checked (scan or typed); only the first 3 checks of a day count. */
  IDENTIFIER_CHECK: 1,
  /** A match report sent to the owner. */
  MATCH_REPORTED: 20,
  /** A match validated by an admin. */
  MATCH_VALIDATED: 200,
  /** The vehicle was found thanks to the match. */
  VEHICLE_FOUND: 500,
  /** A match refused as invalid. */
  MATCH_INVALID: -20,
  /** Lampions an admin added by hand, with a reason (the amount is the admin's: `points`). */
  ADMIN_ADDED: 0,
  /** Lampions an admin removed by hand, with a reason (the amount is the admin's: `points`). */
  ADMIN_REMOVED: 0,
} as const;

/** Kinds whose points are chosen when recorded, not read from the table above. */
export const ADMIN_LAMPION_EVENT_KINDS = ['ADMIN_ADDED', 'ADMIN_REMOVED'] as const;

export type LampionEventKind = keyof typeof LAMPION_EVENT_POINTS;
export const LAMPION_EVENT_KINDS = Object.keys(LAMPION_EVENT_POINTS) as [
  LampionEventKind,
  ...LampionEventKind[],
];

/** Identifier checks that earn a lampion per day (Europe/Paris day); more checks earn nothing. */
export const IDENTIFIER_CHECKS_COUNTED_PER_DAY = 3;
export const POINTS_PER_LEVEL = 100;
export const LEVELS_PER_LOOP = 10;
export const POINTS_PER_LOOP = POINTS_PER_LEVEL * LEVELS_PER_LOOP;
/** Grades of every loop, in order; each lasts LEVELS_PER_GRADE levels. */
export const GRADE_NAMES = ['Veilleur', 'Vigie', 'Sentinelle', 'Gardien', "Lampion d'or"] as const;
export type GradeName = (typeof GRADE_NAMES)[number];
export const LEVELS_PER_GRADE = 2;
/** From this level on, a watcher becomes super watcher (docs/product/founders-decisions.md "roles"). */
export const SUPER_WATCHER_LEVEL = 10;

export interface LoopGrade {
  gradeName: GradeName;
  /** Absolute level numbers (level 1 is the first level of loop 1). */
  levelMin: number;
  levelMax: number;
}

export interface LoopInfo {
  /** Loop number, from 1. */
  number: number;
  name: string;
  levelMin: number;
  levelMax: number;
  isCurrent: boolean;
  isDone: boolean;
}

/** GET /user/getUserInfoLampions (docs/product/accounts.md §3 "Lampions info"). */
export interface LampionsInfo {
  /** The user's lampions (never below 0). */
  lampionsUser: number;
  currentLoop: number;
  /** Points a loop is made of (1000). */
  nbPointsInCurrentLoop: number;
  /** Points earned so far inside the current loop. */
  currentNbOfPointsInLoop: number;
  currentLoopGrades: LoopGrade[];
  currentGradeName: GradeName;
  /** Absolute level, from 1. */
  currentLevelNumber: number;
  /** Points earned so far inside the current level. */
  currentNbOfPoints: number;
  /** Points a level is made of (100). */
  nbPointsInCurrentLevel: number;
  /** Loops done, the current one and the next one. */
  loops: LoopInfo[];
}

/** Level of a lampion total: 0–99 is level 1, 100–199 level 2… */
export function levelOf(lampions: number): number {
  return Math.floor(Math.max(0, lampions) / POINTS_PER_LEVEL) + 1;
}

/** Loop of a level: levels 1–10 are loop 1, 11–20 loop 2… */
export function loopOfLevel(level: number): number {
  return Math.floor((Math.max(1, level) - 1) / LEVELS_PER_LOOP) + 1;
}

/** Grade of a level inside its loop: two levels each, Veilleur first. */
export function gradeOfLevel(level: number): GradeName {
  const indexInLoop = (Math.max(1, level) - 1) % LEVELS_PER_LOOP;
  return GRADE_NAMES[Math.floor(indexInLoop / LEVELS_PER_GRADE)]!;
}

function loopLevels(loop: number) {
  const levelMin = (loop - 1) * LEVELS_PER_LOOP + 1;
  return { levelMin, levelMax: levelMin + LEVELS_PER_LOOP - 1 };
}

/** Everything the profile and "My lampions" show, from the ledger's total. */
export function computeLampionsInfo(total: number): LampionsInfo {
  const lampions = Math.max(0, Math.trunc(total));
  const level = levelOf(lampions);
  const loop = loopOfLevel(level);
  const { levelMin } = loopLevels(loop);
  const currentLoopGrades = GRADE_NAMES.map((gradeName, index) => ({
    gradeName,
    levelMin: levelMin + index * LEVELS_PER_GRADE,
    levelMax: levelMin + (index + 1) * LEVELS_PER_GRADE - 1,
  }));
  const loops: LoopInfo[] = [];
  for (let number = 1; number <= loop + 1; number += 1) {
    loops.push({
      number,
      name: `Boucle ${number}`,
      ...loopLevels(number),
      isCurrent: number === loop,
      isDone: number < loop,
    });
  }
  return {
    lampionsUser: lampions,
    currentLoop: loop,
    nbPointsInCurrentLoop: POINTS_PER_LOOP,
    currentNbOfPointsInLoop: lampions % POINTS_PER_LOOP,
    currentLoopGrades,
    currentGradeName: gradeOfLevel(level),
    currentLevelNumber: level,
    currentNbOfPoints: lampions % POINTS_PER_LEVEL,
    nbPointsInCurrentLevel: POINTS_PER_LEVEL,
    loops,
  };
}

/**
 * Points an event adds to the ledger. An identifier check counts only while fewer than 3 checks
 * were counted the same day (`countedChecksToday`); other events always count.
 */
export function pointsForEvent(kind: LampionEventKind, countedChecksToday = 0): number {
  if (kind === 'IDENTIFIER_CHECK' && countedChecksToday >= IDENTIFIER_CHECKS_COUNTED_PER_DAY) {
    return 0;
  }
  return LAMPION_EVENT_POINTS[kind];
}

/**
 * The last answer, by UTC minute: Paris's offsets are whole hours, so its day never changes inside
 * a minute. Formatting with a time zone still cost each identifier check some 40 µs of CPU, about
 * 2.5 % of the server's time at 200 checks/s (bench/results/matches-2026-11-25.md).
 */
let lastDay = { minute: Number.NaN, day: '' };

/** The Europe/Paris calendar day of an instant, "YYYY-MM-DD": the daily cap's unit. */
export function lampionDayOf(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: calendarDayInFrance(instant) };
  return lastDay.day;
}
