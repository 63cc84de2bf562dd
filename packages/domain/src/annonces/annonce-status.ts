/**
 * Announcement statuses (docs/product/annonces.md §4). The owner saves drafts and publishes them (TO_VALIDATE);
 * admins validate or refuse; a refused one can be edited and published again. The match and police
 * statuses belong to other parts of the product and are listed so that every side knows them.
 */
export const ANNONCE_STATUSES = [
  'DRAFT',
  'TO_VALIDATE',
  'VALIDATED',
  'REFUSED',
  'FINISHED',
  'MATCH_TO_VALIDATE',
  'DELETED',
  'POLICE_VERIFICATION',
  'POLICE_WATCH',
  'POLICE_RELAUNCH',
] as const;
export type AnnonceStatus = (typeof ANNONCE_STATUSES)[number];

export function isAnnonceStatus(value: string): value is AnnonceStatus {
  return (ANNONCE_STATUSES as readonly string[]).includes(value);
}

/** Who moves announcements: the owner, a watcher's match report, the back office, the jobs. */
export type AnnonceActor = 'owner' | 'watcher' | 'admin' | 'system';

/**
 * Who may move an announcement where. `owner` transitions are the ones this app's owner side makes;
 * `watcher` ones follow a match report; `admin` and `system` ones are made by the back office and
 * the background jobs.
 */
export const ANNONCE_TRANSITIONS: Record<
  AnnonceStatus,
  readonly { to: AnnonceStatus; by: AnnonceActor }[]
> = {
  // Publishing (POST /annonce/publishAnnonceGP).
  DRAFT: [{ to: 'TO_VALIDATE', by: 'owner' }],
  TO_VALIDATE: [
    { to: 'VALIDATED', by: 'admin' },
    { to: 'REFUSED', by: 'admin' },
    // The 48-hour completion window passed with documents still missing (docs/product/founders-decisions.md).
    { to: 'DRAFT', by: 'system' },
    // "Véhicule retrouvé" (issue 19): the owner closes it, whatever stage it is at.
    { to: 'FINISHED', by: 'owner' },
  ],
  // A refused announcement is corrected and published again.
  REFUSED: [{ to: 'TO_VALIDATE', by: 'owner' }],
  VALIDATED: [
    // A watcher's match report puts it in the back office's match queue.
    { to: 'MATCH_TO_VALIDATE', by: 'watcher' },
    { to: 'MATCH_TO_VALIDATE', by: 'admin' },
    { to: 'DELETED', by: 'admin' },
    { to: 'POLICE_VERIFICATION', by: 'admin' },
    // Documents still missing 48 hours after publication, even if an admin validated it meanwhile.
    { to: 'DRAFT', by: 'system' },
    { to: 'FINISHED', by: 'owner' },
  ],
  MATCH_TO_VALIDATE: [
    { to: 'FINISHED', by: 'admin' },
    { to: 'VALIDATED', by: 'admin' },
    { to: 'FINISHED', by: 'owner' },
  ],
  POLICE_VERIFICATION: [
    { to: 'POLICE_WATCH', by: 'admin' },
    { to: 'VALIDATED', by: 'admin' },
    { to: 'FINISHED', by: 'owner' },
  ],
  POLICE_WATCH: [
    { to: 'POLICE_RELAUNCH', by: 'admin' },
    { to: 'VALIDATED', by: 'admin' },
    { to: 'FINISHED', by: 'owner' },
  ],
  POLICE_RELAUNCH: [
    { to: 'POLICE_WATCH', by: 'admin' },
    { to: 'VALIDATED', by: 'admin' },
    { to: 'FINISHED', by: 'owner' },
  ],
  FINISHED: [],
  DELETED: [],
};

export function canTransition(from: AnnonceStatus, to: AnnonceStatus, by: AnnonceActor): boolean {
  return ANNONCE_TRANSITIONS[from].some((step) => step.to === to && step.by === by);
}

/** Statuses the owner may still edit (§4 "Editing"): never VALIDATED or later, never once deletion asked. */
export const EDITABLE_STATUSES: readonly AnnonceStatus[] = ['DRAFT', 'TO_VALIDATE', 'REFUSED'];

export function isEditableByOwner(annonce: { status: string; askedToBeDeleted: boolean }): boolean {
  return (
    !annonce.askedToBeDeleted && (EDITABLE_STATUSES as readonly string[]).includes(annonce.status)
  );
}

/** Statuses only the owner may see (§7: anyone else gets 404). */
export const OWNER_ONLY_STATUSES: readonly AnnonceStatus[] = [
  'DRAFT',
  'TO_VALIDATE',
  'REFUSED',
  'DELETED',
];

export function isVisibleToOthers(status: string): boolean {
  return !(OWNER_ONLY_STATUSES as readonly string[]).includes(status);
}

/** Statuses that count as published: deletion is a request to an admin, not a direct delete. */
export function isPublished(status: string): boolean {
  return status !== 'DRAFT' && status !== 'DELETED';
}
