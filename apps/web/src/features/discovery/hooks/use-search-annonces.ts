import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { getSearchAnnonces, type Position } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import { filtersKey, type Filters } from '../lib/filters';

/**
 * The search, page by page (docs/product/discovery.md §4): the next offset is the number of cards loaded, and
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
  useSearchErrorToast(query.isError, query.errorUpdatedAt);
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

/** docs/product/discovery.md §8 and §9: a search error shows a toast for 20 s, bottom right. */
export const SEARCH_ERROR_TOAST_MS = 20_000;

export function useSearchErrorToast(isError: boolean, errorUpdatedAt: number) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!isError) return;
    toast.error(t('error.generic'), {
      id: 'api-error',
      duration: SEARCH_ERROR_TOAST_MS,
      position: 'bottom-right',
    });
  }, [isError, errorUpdatedAt, t]);
}
