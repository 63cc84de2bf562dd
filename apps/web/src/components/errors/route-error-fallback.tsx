import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { buttonClasses, Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { reportError } from '@/lib/error-reporting';
import { markFirstContentShown } from '@/lib/first-screen';

/** A screen failed: the shell stays usable, the screen can be retried or left. */
export function RouteErrorFallback() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) reportError(error);
  }, [error, notFound]);
  // The failure stands for the screen's content: whatever stood for it before the app goes.
  useEffect(markFirstContentShown, []);

  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center"
    >
      <h1 className="text-2xl font-bold text-night-900">
        {notFound ? t('page.notFound.title') : t('error.route.title')}
      </h1>
      <p className="text-slate-600">
        {notFound ? t('page.notFound.description') : t('error.route.description')}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {notFound ? null : (
          <Button variant="dark" onClick={() => void navigate(0)}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t('error.route.retry')}
          </Button>
        )}
        <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
