import type { SearchIndexSync } from './search-index-sync';

/**
 * Syncs kept at most: a kept list older than this many syncs with changes is computed again.
 * A sync that applies changes is one per write or so; a home list lives HOME_LIST_TTL_MS.
 */
const SYNCS_KEPT = 1_000;

/**
 * The announcements the search index's syncs found changed (validated, withdrawn, edited,
 * boosted…), numbered in the order they were applied, so that a list kept since version `v` can
 * ask which announcements changed since: after a validation, a home's lists that the new
 * announcement cannot enter stay as they are instead of being walked again in PostgreSQL
 * (discovery.service.ts homeList).
 */
export interface ChangeLog {
  /** The number of the last sync that found changes (0 before any). */
  version(): number;
  /**
   * The announcements changed after `version`; null when that is not known any more (too old, or
   * the index was loaded again: anything may have changed).
   */
  since(version: number): number[] | null;
}

export function watchChanges(searchIndex: Pick<SearchIndexSync, 'onChange'>): ChangeLog {
  let version = 0;
  /** The oldest version `since` can answer from. */
  let knownFrom = 0;
  const recent: { version: number; annonceIds: readonly number[] }[] = [];
  searchIndex.onChange((annonceIds) => {
    version += 1;
    if (annonceIds === null) {
      recent.length = 0;
      knownFrom = version;
      return;
    }
    recent.push({ version, annonceIds });
    if (recent.length > SYNCS_KEPT) {
      recent.shift();
      knownFrom = recent[0]!.version - 1;
    }
  });
  return {
    version: () => version,
    since(from) {
      if (from < knownFrom) return null;
      const changed = new Set<number>();
      for (let at = recent.length - 1; at >= 0 && recent[at]!.version > from; at -= 1) {
        for (const id of recent[at]!.annonceIds) changed.add(id);
      }
      return [...changed];
    },
  };
}
