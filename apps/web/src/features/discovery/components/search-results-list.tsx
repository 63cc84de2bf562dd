import { useTranslation } from 'react-i18next';
import {
  AnnonceCard,
  AnnonceCardGrid,
  AnnonceCardGridLoading,
} from '@/components/annonce-card/annonce-card';
import { Button } from '@/components/ui/button';
import type { useSearchAnnonces } from '../hooks/use-search-annonces';

/** The list view: cards 1/2/3 per row and "see more" while the server has more. */
export function SearchResultsList({ search }: { search: ReturnType<typeof useSearchAnnonces> }) {
  const { t } = useTranslation();
  const { query, annonces } = search;
  if (query.isPending) return <AnnonceCardGridLoading count={6} label={t('search.loading')} />;
  if (query.isError && annonces.length === 0) {
    return <p className="text-slate-600">{t('search.error')}</p>;
  }
  if (annonces.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-night-200 bg-white p-6 text-center">
        <p className="font-medium text-night-900">{t('search.empty')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('search.empty.hint')}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <AnnonceCardGrid label={t('search.results.label')}>
        {annonces.map((annonce, position) => (
          <li key={annonce.id}>
            <AnnonceCard annonce={annonce} headingLevel={2} priority={position === 0} rowOnPhone />
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
