import { SEARCH_PAGE_SIZE } from '@app/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  AnnonceCard,
  AnnonceCardGrid,
  AnnonceCardGridLoading,
  firstPhotoPosition,
} from '@/components/annonce-card/annonce-card';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { getTopAnnonces } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';

/** Top announcements (docs/product/discovery.md §2), 12 by 12: boosted first, then reward, views, recency. */
export function TopAnnonces() {
  const { t } = useTranslation();
  const top = useInfiniteQuery({
    queryKey: discoveryKeys.top(),
    queryFn: ({ pageParam }) => getTopAnnonces(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages): number | null =>
      last.isEndOfData ? null : pages.length * SEARCH_PAGE_SIZE,
  });
  if (top.isPending)
    return <AnnonceCardGridLoading count={6} label={t('top.loading')} rowOnPhone />;
  if (top.isError) return <p className="text-slate-600">{t('top.error')}</p>;
  const annonces = top.data.pages.flatMap((page) => page.annonces);
  if (annonces.length === 0) {
    return (
      <EmptyState
        icon={Trophy}
        title={t('home.empty.top')}
        text={t('home.empty.top.hint')}
        action={{ label: t('home.empty.search'), to: paths.search.getHref(), icon: Search }}
      />
    );
  }
  const photoFirst = firstPhotoPosition(annonces);
  return (
    <div className="flex flex-col gap-4">
      <AnnonceCardGrid label={t('page.topAnnonces.title')}>
        {annonces.map((annonce, position) => (
          <li key={annonce.id}>
            <AnnonceCard
              annonce={annonce}
              headingLevel={2}
              priority={position === photoFirst}
              rowOnPhone
            />
          </li>
        ))}
      </AnnonceCardGrid>
      {top.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={top.isFetchingNextPage}
          onClick={() => void top.fetchNextPage()}
        >
          {top.isFetchingNextPage ? t('search.loadingMore') : t('search.seeMore')}
        </Button>
      ) : null}
    </div>
  );
}
