import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { openGlobalDialog } from '@/lib/dialogs';

/** Copyright year of the product (docs/product/accounts.md §9). */
const COPYRIGHT_YEAR = 2023;

const linkClasses =
  'inline-flex min-h-11 items-center rounded-md px-1 text-sm text-slate-700 underline-offset-4 hover:text-night-900 hover:underline md:min-h-0';

export function Footer({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-night-100 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 md:flex-row md:items-center md:justify-between md:py-4">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            <li>
              <Link to={paths.about.getHref()} className={linkClasses}>
                {t('footer.about')}
              </Link>
            </li>
            {signedIn ? (
              <li>
                <button
                  type="button"
                  onClick={() => openGlobalDialog('support')}
                  className={linkClasses}
                >
                  {t('footer.support')}
                </button>
              </li>
            ) : null}
            <li>
              <Link to={paths.terms.getHref()} className={linkClasses}>
                {t('footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-sm text-slate-600">{t('footer.copyright', { year: COPYRIGHT_YEAR })}</p>
      </div>
    </footer>
  );
}
