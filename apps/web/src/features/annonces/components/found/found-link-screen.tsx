import type { FoundResult } from '@app/domain';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useFoundOptions, type FoundAccess } from '../../api/found';
import { FoundForm } from './found-dialog';

/**
 * /annonce/found?token=…: the link of the owner's mails, usable without signing in. The token is
 * the proof (one announcement, one action, an expiry); a replayed link says it is already done.
 */
export function FoundLinkScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const access: FoundAccess = { kind: 'link', token };
  const options = useFoundOptions(access, token !== '');
  const [done, setDone] = useState<FoundResult | null>(null);

  const closed = done ?? (options.data?.foundAt ? options.data : null);
  let body;
  if (token === '' || options.isError) {
    const key =
      options.error instanceof ApiError
        ? options.error.messageKey
        : 'annonce.found.link.invalid.error';
    body = (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-red-800">
          {t(key)}
        </p>
        <Link to={paths.myAnnonce.getHref()} className={buttonClasses({ variant: 'secondary' })}>
          {t('found.link.signIn')}
        </Link>
      </div>
    );
  } else if (!options.data) {
    body = (
      <p role="status" className="text-sm text-night-700">
        {t('found.loading')}
      </p>
    );
  } else if (closed) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
        <p className="text-lg font-semibold text-night-900">{t('found.link.done')}</p>
        <p className="text-sm text-night-700">{t('found.link.doneDetail')}</p>
      </div>
    );
  } else if (!options.data.closable) {
    body = <p className="text-sm text-night-700">{t('annonce.found.not.allowed.error')}</p>;
  } else {
    body = <FoundForm access={access} options={options.data} onDone={setDone} />;
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-night-900">{t('found.title')}</h1>
      {options.data?.title ? (
        <p className="text-night-700">{t('found.description', { title: options.data.title })}</p>
      ) : null}
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-night-100 md:p-6">{body}</div>
    </div>
  );
}
