import { describe, expect, it } from 'vitest';
import {
  ANNONCE_STATUSES,
  canTransition,
  isEditableByOwner,
  isPublished,
  isVisibleToOthers,
} from './annonce-status';
import {
  isAnnonceComplete,
  missingDocuments,
  completionDeadline,
  completionReminderAt,
} from './completeness';

describe('announcement statuses (docs/product/annonces.md §4)', () => {
  it('lets the owner publish a draft or a refused one, close a live one as found, and nothing else', () => {
    const ownerMoves = ANNONCE_STATUSES.flatMap((from) =>
      ANNONCE_STATUSES.filter((to) => canTransition(from, to, 'owner')).map(
        (to) => `${from}>${to}`,
      ),
    );
    expect(ownerMoves.sort()).toEqual([
      'DRAFT>TO_VALIDATE',
      'MATCH_TO_VALIDATE>FINISHED',
      'POLICE_RELAUNCH>FINISHED',
      'POLICE_VERIFICATION>FINISHED',
      'POLICE_WATCH>FINISHED',
      'REFUSED>TO_VALIDATE',
      'TO_VALIDATE>FINISHED',
      'VALIDATED>FINISHED',
    ]);
  });

  it('lets admins validate or refuse, and the completion job send back to draft', () => {
    expect(canTransition('TO_VALIDATE', 'VALIDATED', 'admin')).toBe(true);
    expect(canTransition('TO_VALIDATE', 'REFUSED', 'admin')).toBe(true);
    expect(canTransition('TO_VALIDATE', 'DRAFT', 'system')).toBe(true);
    expect(canTransition('TO_VALIDATE', 'VALIDATED', 'owner')).toBe(false);
    expect(canTransition('FINISHED', 'VALIDATED', 'admin')).toBe(false);
  });

  it.each([
    ['DRAFT', false, true],
    ['TO_VALIDATE', false, true],
    ['REFUSED', false, true],
    ['TO_VALIDATE', true, false],
    ['VALIDATED', false, false],
    ['FINISHED', false, false],
  ])('%s (deletion asked: %s) editable by its owner: %s', (status, askedToBeDeleted, expected) => {
    expect(isEditableByOwner({ status, askedToBeDeleted })).toBe(expected);
  });

  it('shows drafts, announcements in validation and refused ones to their owner only', () => {
    expect(isVisibleToOthers('DRAFT')).toBe(false);
    expect(isVisibleToOthers('TO_VALIDATE')).toBe(false);
    expect(isVisibleToOthers('REFUSED')).toBe(false);
    expect(isVisibleToOthers('VALIDATED')).toBe(true);
    expect(isPublished('DRAFT')).toBe(false);
    expect(isPublished('TO_VALIDATE')).toBe(true);
  });
});

describe('completeness (docs/product/annonces.md §4)', () => {
  it.each([
    [true, true, true, true, []],
    [true, false, true, false, ['carteGriseFile']],
    [true, true, false, false, ['plainteFile']],
    [false, false, true, true, []],
    [false, false, false, false, ['plainteFile']],
  ])(
    'licensed %s, card %s, complaint %s → complete %s, missing %j',
    (isLicensed, hasCarteGrise, hasPlainte, complete, missing) => {
      expect(isAnnonceComplete({ isLicensed, hasCarteGrise, hasPlainte })).toBe(complete);
      expect(missingDocuments({ isLicensed, hasCarteGrise, hasPlainte })).toEqual(missing);
    },
  );

  it('gives 48 hours, with the reminder 24 hours before the end', () => {
    const deadline = completionDeadline(new Date('2026-11-22T10:00:00Z'));
    expect(deadline.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(completionReminderAt(deadline).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});
