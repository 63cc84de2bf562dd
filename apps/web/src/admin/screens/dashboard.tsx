import { AdminDashboardSchema, type AdminDashboard } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../admin-api';
import { QueryState, ScreenTitle } from '../components/ui';

const TILES: [keyof AdminDashboard, string, string][] = [
  ['annoncesToValidate', 'admin.dashboard.annonces', '/annonces'],
  ['identitiesToReview', 'admin.dashboard.identities', '/identities'],
  ['matchesToValidate', 'admin.dashboard.matches', '/matches'],
  ['annonceDeletionRequests', 'admin.dashboard.annonceDeletions', '/deletions'],
  ['accountDeletionRequests', 'admin.dashboard.accountDeletions', '/deletions'],
  ['customCatalogItems', 'admin.dashboard.catalog', '/catalog'],
  ['feedbackMessages', 'admin.dashboard.feedback', '/feedback'],
];

/** The size of every queue, each a link to it. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminApi.get('/admin/api/dashboard', { schema: AdminDashboardSchema }),
  });
  return (
    <>
      <ScreenTitle>{t('admin.dashboard.title')}</ScreenTitle>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {/* Small figure cards: two a row on a phone, three from 768 px, four from 1024 px. */}
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          {TILES.map(([key, label, to]) => (
            <li key={key}>
              <Link
                to={to}
                className="block h-full rounded-xl border border-night-100 bg-white p-3 shadow-sm hover:border-night-300 md:p-4"
              >
                <span className="block text-2xl font-bold md:text-3xl" data-testid={`count-${key}`}>
                  {query.data?.[key] ?? 0}
                </span>
                {/* "1 annonce à valider", "3 annonces à valider": the words agree with the figure. */}
                <span className="text-sm text-slate-700">
                  {t(label, { count: query.data?.[key] ?? 0 })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </QueryState>
    </>
  );
}
