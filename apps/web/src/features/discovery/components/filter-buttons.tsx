import { Car, MapPin, SlidersHorizontal, Tag } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';

/** Which part of the filters modal a button opens on the search screen (`fromBtnName`). */
export const FILTER_BUTTONS: readonly { name: string; labelKey: string; icon: LucideIcon }[] = [
  { name: 'location', labelKey: 'filters.location', icon: MapPin },
  { name: 'vehicles', labelKey: 'filters.vehicleTypes', icon: Car },
  { name: 'brands', labelKey: 'filters.brands', icon: Tag },
  { name: 'filters', labelKey: 'filters.all', icon: SlidersHorizontal },
];

/** The filter buttons of the shell, shown on / and /search only (docs/product/discovery.md §2). */
export function FilterButtons({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  function open(fromBtnName: string) {
    const search = searchParams.get('search') ?? undefined;
    void navigate(paths.search.getHref({ search, fromBtnName }));
  }

  return (
    <ul aria-label={t('filters.label')} className="flex gap-2 overflow-x-auto pb-1 md:pb-0">
      {FILTER_BUTTONS.map(({ name, labelKey, icon: Icon }) => (
        <li key={name} className="shrink-0">
          <button
            type="button"
            disabled={disabled}
            onClick={() => open(name)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-night-200 bg-white px-4 text-sm font-medium text-night-900 shadow-sm transition-colors hover:border-night-600 disabled:cursor-not-allowed disabled:opacity-50 md:min-h-9"
          >
            <Icon aria-hidden="true" className="size-4 text-night-600" />
            {t(labelKey)}
          </button>
        </li>
      ))}
    </ul>
  );
}
