import type { Profile } from '@app/domain';
import { ChevronRight, FileText, Flame, KeyRound, Pencil, Search, Siren } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useProfile } from '../api/get-profile';
import { AccountDeletionDialog } from './account-deletion-dialog';
import { PersonalDataSection } from './personal-data-section';
import { ChangePasswordDialog } from './change-password-dialog';
import { IdentityStatusBadge } from './identity-status-badge';
import { nationalPhone } from './phone-display';

/** "12/04/1990" from "1990-04-12", without a time zone shift. */
function formatBirthday(value: string | null, language: string): string | null {
  if (!value) return null;
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 py-3 md:flex-row md:items-center md:justify-between">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium text-night-900 md:text-right">
        {children ?? <span className="text-slate-500">{t('profile.notGiven')}</span>}
      </dd>
    </div>
  );
}

function CountCard({
  to,
  icon,
  count,
  label,
}: {
  to: string;
  icon: ReactNode;
  count: number;
  label: string;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-night-100 transition hover:ring-night-300"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-night-900 text-lantern-500">
        {icon}
      </span>
      <span className="flex-1">
        <span className="block text-2xl font-bold text-night-900">{count}</span>
        <span className="text-sm text-slate-600">{label}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 text-slate-400" />
    </Link>
  );
}

export function ProfileShowSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** The profile (docs/product/accounts.md §2 "Profile show"). */
export function ProfileShow() {
  const { t, i18n } = useTranslation();
  const query = useProfile();
  const [deleting, setDeleting] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  if (query.isPending) return <ProfileShowSkeleton />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        {t('profile.loadError')}
      </p>
    );
  }
  const profile: Profile = query.data;
  const loopPercent = Math.round(
    (profile.currentNbOfPointsInLoop / Math.max(1, profile.nbPointsInCurrentLoop)) * 100,
  );

  return (
    <div className="space-y-4 md:space-y-6">
      <section className="relative rounded-2xl bg-night-900 p-5 text-white shadow-sm md:p-6">
        <Link
          to={paths.profileEdit.getHref()}
          aria-label={t('profile.edit.link')}
          className={buttonClasses({
            variant: 'onDark',
            size: 'icon',
            className: 'absolute top-3 right-3',
          })}
        >
          <Pencil aria-hidden="true" className="size-5" />
        </Link>
        <h2 className="pr-12 text-2xl font-bold">
          {profile.firstname} {profile.lastname}
        </h2>
        <p className="mt-1 text-night-200 [overflow-wrap:anywhere]">{profile.username}</p>
        <Link
          to={paths.myLampions.getHref()}
          className="mt-4 block rounded-xl bg-white/10 p-3 transition hover:bg-white/15"
        >
          <span className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2 font-semibold">
              <Flame aria-hidden="true" className="size-5 text-lantern-400" />
              {t('profile.lampions.count', { count: profile.lampionsUser })}
            </span>
            <span className="text-sm text-night-200">
              {t('profile.lampions.loop', { loop: profile.currentLoop })}
            </span>
          </span>
          <span
            role="progressbar"
            aria-label={t('profile.lampions.progress')}
            aria-valuemin={0}
            aria-valuemax={profile.nbPointsInCurrentLoop}
            aria-valuenow={profile.currentNbOfPointsInLoop}
            className="mt-2 block h-2 overflow-hidden rounded-full bg-white/20"
          >
            <span
              className="block h-full rounded-full bg-lantern-500"
              style={{ width: `${loopPercent}%` }}
            />
          </span>
        </Link>
      </section>

      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 md:gap-4">
        <CountCard
          to={paths.myMatches.getHref()}
          icon={<Search aria-hidden="true" className="size-5" />}
          count={profile.matchsOfUser}
          label={t('profile.counts.matches', { count: profile.matchsOfUser })}
        />
        <CountCard
          to={paths.myAnnonce.getHref()}
          icon={<Siren aria-hidden="true" className="size-5" />}
          count={profile.annoncesOfUser}
          label={t('profile.counts.annonces', { count: profile.annoncesOfUser })}
        />
      </div>

      <section className="rounded-2xl bg-white px-5 py-2 shadow-sm ring-1 ring-night-100 md:px-6">
        <h2 className="sr-only">{t('profile.details')}</h2>
        <dl className="divide-y divide-night-100">
          <Detail label={t('profile.birthday')}>
            {formatBirthday(profile.birthday, i18n.language)}
          </Detail>
          <Detail label={t('profile.profession')}>{profile.profession?.text ?? null}</Detail>
          <Detail label={t('profile.phone')}>
            {profile.phoneNumber ? nationalPhone(profile.phoneNumber) : null}
          </Detail>
          <Detail label={t('profile.department')}>{profile.department?.text ?? null}</Detail>
          <Detail label={t('profile.identity')}>
            <IdentityStatusBadge status={profile.compte.status} />
          </Detail>
          <Detail label={t('profile.rib')}>
            {profile.rib ? (
              <a
                href={`${env.API_URL}${profile.rib.fileUrl}`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1.5 text-night-700 underline underline-offset-2 hover:text-night-900"
              >
                <FileText aria-hidden="true" className="size-4" />
                {t('profile.rib.open')}
                <span className="sr-only"> {t('common.newTab')}</span>
              </a>
            ) : null}
          </Detail>
        </dl>
      </section>

      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <button
          type="button"
          onClick={() => setChangingPassword(true)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {t('profile.password.open')}
        </button>
        {profile.askedToBeDeletedDate ? (
          <p className="text-sm font-medium text-slate-600">{t('profile.delete.ongoing')}</p>
        ) : (
          <button
            type="button"
            onClick={() => setDeleting(true)}
            className="min-h-11 text-sm font-semibold text-red-700 underline underline-offset-2 hover:text-red-800"
          >
            {t('profile.delete.link')}
          </button>
        )}
      </div>

      <PersonalDataSection />

      <AccountDeletionDialog open={deleting} onOpenChange={setDeleting} />
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </div>
  );
}
