/**
 * Match report statuses (contracts: issue 8 writes TO_VALIDATE, the back office the others) and how
 * "My matches" groups them (docs/product/annonces.md §4 "Match list status mapping", docs/product/discovery.md §4): FINISHED is
 * the validated group and shows restitution date, money and lampions; REFUSED and INVALID are the
 * refused group; anything else (waiting for review, or validated and waiting for the vehicle to be
 * returned) is current.
 */
export const MATCH_STATUSES = [
  'TO_VALIDATE',
  'VALIDATED',
  'REFUSED',
  'INVALID',
  'FINISHED',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export function isMatchStatus(value: string): value is MatchStatus {
  return (MATCH_STATUSES as readonly string[]).includes(value);
}

export const MATCH_LIST_GROUPS = ['current', 'validated', 'refused'] as const;
export type MatchListGroup = (typeof MATCH_LIST_GROUPS)[number];

/** The group of GET /user/getUserInfoMatches a match is listed in. */
export function matchListGroup(status: string): MatchListGroup {
  if (status === 'FINISHED') return 'validated';
  if (status === 'REFUSED' || status === 'INVALID') return 'refused';
  return 'current';
}

/** Announcement statuses a watcher may send a match report on. */
export const MATCHABLE_ANNONCE_STATUSES = ['VALIDATED', 'MATCH_TO_VALIDATE'] as const;

/** Statuses of a report still waiting for an admin: a watcher has at most one per announcement. */
export const OPEN_MATCH_STATUSES: readonly MatchStatus[] = ['TO_VALIDATE'];
