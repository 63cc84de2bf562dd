import type { HomeGroup } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnnonceCard, AnnonceCardSkeleton } from '@/components/annonce-card/annonce-card';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getHomeData } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import { useGeolocation } from '../hooks/use-geolocation';
import { DragScrollRow, ROW_ITEM_CLASS } from './drag-scroll-row';

/** Where "see everything" of a section goes (docs/product/discovery.md §2); CLOSE_ANNONCES has none. */
export function seeEverythingHref(group: HomeGroup): string | null {
  switch (group.annonceType) {
    case 'CLOSE_ANNONCES':
      return null;
    case 'TOP_ANNONCES':
      return paths.topAnnonces.getHref();
    case 'LAST_ANNONCES':
      return paths.search.getHref({ annonceType: 'LAST_ANNONCES' });
    case 'SAVED_SEARCH_ANNONCES':
      return paths.search.getHref({
        annonceType: 'SAVED_SEARCH_ANNONCES',
        savedSearchId: group.savedSearchId ?? undefined,
        savedSearchName: group.title,
      });
    case 'VEHICLE_ANNONCES':
      return paths.search.getHref({
        annonceType: 'VEHICLE_ANNONCES',
        vehicleTypeId: group.vehicleTypeId ?? undefined,
      });
  }
}

const EMPTY_KEYS: Record<HomeGroup['annonceType'], string> = {
  CLOSE_ANNONCES: 'home.empty.close',
  LAST_ANNONCES: 'home.empty.last',
  SAVED_SEARCH_ANNONCES: 'home.empty.savedSearch',
  VEHICLE_ANNONCES: 'home.empty.vehicle',
  TOP_ANNONCES: 'home.empty.top',
};

function HomeSection({ group, index }: { group: HomeGroup; index: number }) {
  const { t } = useTranslation();
  const title = group.isI18n ? t(group.title) : group.title;
  const href = seeEverythingHref(group);
  const headingId = `home-section-${index}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      {/* Centred: the 44 px "Tout voir" target beside the title, not pushing it down. */}
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-bold text-night-900 md:text-xl">
            {title}
          </h2>
          {group.savedSearchDescription ? (
            <p className="truncate text-sm text-slate-600">{group.savedSearchDescription}</p>
          ) : null}
        </div>
        {href ? (
          <Link
            to={href}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'shrink-0' })}
            aria-label={t('home.seeEverything.label', { title })}
          >
            {t('home.seeEverything')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
      {group.annonces.length === 0 ? (
        <p className="rounded-xl border border-dashed border-night-200 bg-white p-4 text-sm text-slate-600">
          {t(EMPTY_KEYS[group.annonceType])}
        </p>
      ) : (
        <DragScrollRow label={title}>
          {group.annonces.map((annonce, position) => (
            <li key={annonce.id} className={ROW_ITEM_CLASS}>
              {/* The first photo of the first row is the home's largest paint. */}
              <AnnonceCard annonce={annonce} priority={index === 0 && position === 0} />
            </li>
          ))}
        </DragScrollRow>
      )}
    </section>
  );
}

function HomeLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('home.loading')} className="flex flex-col gap-8">
      {[0, 1].map((section) => (
        <div key={section} className="flex flex-col gap-2">
          <Skeleton className="h-6 w-48" />
          <div className="flex gap-4 overflow-hidden">
            {[0, 1, 2].map((card) => (
              <div key={card} className={ROW_ITEM_CLASS}>
                <AnnonceCardSkeleton />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The home feeds (docs/product/discovery.md §2): asked with the browser position when given, without it when
 * refused or absent (§4). A failure is ignored (§8): the page then shows the empty text.
 */
export function HomeSections() {
  const { t } = useTranslation();
  const geolocation = useGeolocation();
  const position = geolocation.position;
  const home = useQuery({
    queryKey: discoveryKeys.home(position ? `${position.latitude},${position.longitude}` : 'none'),
    queryFn: () => getHomeData(position),
    enabled: geolocation.status !== 'pending',
  });

  if (geolocation.status === 'pending' || home.isPending) {
    return home.isError ? <p className="text-slate-600">{t('home.empty.all')}</p> : <HomeLoading />;
  }
  if (home.isError || home.data.length === 0) {
    return <p className="text-slate-600">{t('home.empty.all')}</p>;
  }
  return (
    <div className="flex flex-col gap-8">
      {home.data.map((group, index) => (
        <HomeSection
          key={`${group.annonceType}-${group.savedSearchId ?? group.vehicleTypeId ?? index}`}
          group={group}
          index={index}
        />
      ))}
    </div>
  );
}
