import { Eraser, House, SearchX } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
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
import { useMarkFirstContent } from '@/lib/first-screen';
import type { useSearchAnnonces } from '../hooks/use-search-annonces';

/**
 * The list view: cards 1/2/3 per row and "see more" while the server has more. Without a result,
 * the way on: clearing the criteria when there are some, otherwise back to the home page.
 */
export function SearchResultsList({
  search,
  onClearCriteria,
}: {
  search: ReturnType<typeof useSearchAnnonces>;
  onClearCriteria?: () => void;
}) {
  const { t } = useTranslation();
  const { query } = search;
  // The cards are drawn at a lower priority than the answer's arrival, so React draws them in short
  // slices with the phone free in between, not in one long task (issue 17: Total Blocking Time).
  const pages = useDeferredValue(query.data);
  const annonces = useMemo(() => pages?.pages.flatMap((page) => page.annonces) ?? [], [pages]);
  const drawing = query.data !== undefined && pages === undefined;
  useMarkFirstContent(!query.isPending && !drawing);
  if (query.isPending || drawing)
    return <AnnonceCardGridLoading count={6} label={t('search.loading')} rowOnPhone />;
  if (query.isError && annonces.length === 0) {
    return <p className="text-slate-600">{t('search.error')}</p>;
  }
  if (annonces.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={t('search.empty')}
        text={t(onClearCriteria ? 'search.empty.hint' : 'search.empty.hint.noCriteria')}
        action={
          onClearCriteria
            ? { label: t('search.empty.clear'), onClick: onClearCriteria, icon: Eraser }
            : { label: t('search.empty.home'), to: paths.home.getHref(), icon: House }
        }
      />
    );
  }
  const photoFirst = firstPhotoPosition(annonces);
  return (
    <div className="flex flex-col gap-4">
      <AnnonceCardGrid label={t('search.results.label')}>
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
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t('search.loadingMore') : t('search.seeMore')}
        </Button>
      ) : null}
    </div>
  );
}
