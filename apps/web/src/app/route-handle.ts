import { useMatches } from 'react-router';

/** What a route tells the shell about its screen (set as the route's `handle`). */
export interface RouteHandle {
  /** The screen's title, as a catalogue key: the document title. */
  titleKey?: string;
  /** Filter buttons in the top bar: only on / and /search (docs/product/discovery.md §2). */
  showFilters?: boolean;
  /** Announcement create/edit: no footer and no create button (docs/product/annonces.md §2). */
  isEditor?: boolean;
  /** Screens that draw their own frame (login). */
  hideHeader?: boolean;
  /**
   * The screen says when its own content is shown (lib/first-screen markFirstContentShown), the
   * header's secondary parts waiting for it; otherwise its frame stands for it.
   */
  marksFirstContent?: boolean;
}

/** The handles of the matched routes merged, the deepest route winning. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return Object.assign(
    {},
    ...matches.map((match) => (match.handle ?? {}) as RouteHandle),
  ) as RouteHandle;
}
