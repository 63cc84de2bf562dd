import { useInfiniteQuery } from '@tanstack/react-query';
import { getSearchAnnonces, type Position } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import { filtersKey, type Filters } from '../lib/filters';

/**
 * The search, page by page (discovery.md §4): the next offset is the number of cards loaded, and
 * none (null) once the server says end of data. New filters start a new list from offset 0.
 */
export function useSearchAnnonces(filters: Filters, user: Position | null, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: discoveryKeys.search(
      `${filtersKey(filters)}|${user ? `${user.latitude},${user.longitude}` : ''}`,
    ),
    queryFn: ({ pageParam }) => getSearchAnnonces(filters, pageParam, user),
    initialPageParam: 0,
    getNextPageParam: (last, pages): number | null =>
      last.isEndOfData ? null : pages.reduce((total, page) => total + page.annonces.length, 0),
    enabled,
  });
  const annonces = query.data?.pages.flatMap((page) => page.annonces) ?? [];
  const first = query.data?.pages[0];
  return {
    query,
    annonces,
    total: first?.totalNbAnnonces ?? null,
    totalCapped: first?.isTotalNbAnnoncesCapped ?? false,
    appliedSort: first?.researchSorting ?? null,
  };
}
