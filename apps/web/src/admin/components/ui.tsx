import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_OBJECT_TYPES, FRANCE_TIME_ZONE } from '@app/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { ApiError } from '../admin-api';

/** A screen's level-1 title, with an optional count. */
export function ScreenTitle({ children, count }: { children: ReactNode; count?: number }) {
  return (
    <h1 className="mb-4 text-2xl font-bold text-night-900">
      {children}
      {count !== undefined ? (
        <span className="ml-2 rounded-full bg-lantern-100 px-2.5 py-0.5 align-middle text-sm font-semibold text-lantern-800">
          {count}
        </span>
      ) : null}
    </h1>
  );
}

/** Loading, error and empty states of a query, then its content. */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  emptyText,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty?: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('admin.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {t((error as ApiError).messageKey ?? 'error.generic')}
      </p>
    );
  }
  if (isEmpty) return <p className="text-sm text-slate-600">{emptyText ?? t('admin.empty')}</p>;
  return <>{children}</>;
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      className={`rounded-xl border border-night-100 bg-white p-4 shadow-sm ${className ?? ''}`}
    >
      {children}
    </section>
  );
}

/** Label/value pairs. */
export function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-night-900">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('admin.pager.label')} className="mt-4 flex items-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.pager.previous')}
      </Button>
      <span className="text-sm">{t('admin.pager.position', { page, pages })}</span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.pager.next')}
      </Button>
    </nav>
  );
}

export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-semibold text-night-800 underline underline-offset-2 hover:text-night-600"
    >
      {children}
    </Link>
  );
}

export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: FRANCE_TIME_ZONE,
  }).format(new Date(value));
}

/** A private document or photo: a signed link that expires after 5 minutes. */
export function FileLink({
  file,
  label,
}: {
  file: { fileUrl: string; fileName: string; isPdf: boolean } | null;
  label: string;
}) {
  const { t } = useTranslation();
  if (!file)
    return <span className="text-slate-600">{t('admin.file.missingNamed', { label })}</span>;
  return (
    <a
      href={file.fileUrl}
      target="_blank"
      rel="noreferrer"
      className="font-semibold text-night-800 underline underline-offset-2"
    >
      {label} ({file.isPdf ? 'PDF' : t('admin.file.image')})
    </a>
  );
}

/** Catalogue keys of the status and kind values (keys are never built at run time). */
export const LABEL_KEYS: Record<string, Record<string, string>> = {
  identity: {
    NOT_SUBMITTED: 'admin.identity.status.NOT_SUBMITTED',
    IN_PROGRESS: 'admin.identity.status.IN_PROGRESS',
    ACCEPTED: 'admin.identity.status.ACCEPTED',
    REFUSED: 'admin.identity.status.REFUSED',
  },
  annonce: {
    DRAFT: 'admin.annonce.status.DRAFT',
    TO_VALIDATE: 'admin.annonce.status.TO_VALIDATE',
    VALIDATED: 'admin.annonce.status.VALIDATED',
    REFUSED: 'admin.annonce.status.REFUSED',
    FINISHED: 'admin.annonce.status.FINISHED',
    MATCH_TO_VALIDATE: 'admin.annonce.status.MATCH_TO_VALIDATE',
    DELETED: 'admin.annonce.status.DELETED',
    POLICE_VERIFICATION: 'admin.annonce.status.POLICE_VERIFICATION',
    POLICE_WATCH: 'admin.annonce.status.POLICE_WATCH',
    POLICE_RELAUNCH: 'admin.annonce.status.POLICE_RELAUNCH',
  },
  role: {
    ROLE_INDIVIDUAL_UNCONFIRMED: 'admin.role.ROLE_INDIVIDUAL_UNCONFIRMED',
    ROLE_INDIVIDUAL_CONFIRMED: 'admin.role.ROLE_INDIVIDUAL_CONFIRMED',
    ROLE_INDIVIDUAL_SUPER_WATCHER: 'admin.role.ROLE_INDIVIDUAL_SUPER_WATCHER',
    ROLE_ADMIN: 'admin.role.ROLE_ADMIN',
    ROLE_SUPER_ADMIN: 'admin.role.ROLE_SUPER_ADMIN',
  },
  match: {
    TO_VALIDATE: 'admin.match.status.TO_VALIDATE',
    VALIDATED: 'admin.match.status.VALIDATED',
    REFUSED: 'admin.match.status.REFUSED',
    INVALID: 'admin.match.status.INVALID',
    FINISHED: 'admin.match.status.FINISHED',
  },
  matchFilter: {
    TO_VALIDATE: 'admin.matches.status.TO_VALIDATE',
    VALIDATED: 'admin.matches.status.VALIDATED',
  },
  catalog: {
    brand: 'admin.catalog.kind.brand',
    model: 'admin.catalog.kind.model',
    modelFinish: 'admin.catalog.kind.modelFinish',
  },
  feedback: {
    ALL: 'admin.feedback.kind.ALL',
    BUG_REPORT: 'admin.feedback.kind.BUG_REPORT',
    SUPPORT: 'admin.feedback.kind.SUPPORT',
  },
  decision: {
    VALIDATED: 'admin.annonce.decision.VALIDATED',
    REFUSED: 'admin.annonce.decision.REFUSED',
  },
  auditAction: Object.fromEntries(
    ADMIN_AUDIT_ACTIONS.map((action) => [action, `admin.audit.action.${action}`]),
  ),
  auditObject: Object.fromEntries(
    ADMIN_AUDIT_OBJECT_TYPES.map((type) => [type, `admin.audit.object.${type}`]),
  ),
};

/** The label of a value; the raw value when the catalogue has none. */
export function useLabel() {
  const { t } = useTranslation();
  return (group: keyof typeof LABEL_KEYS, value: string) => {
    const key = LABEL_KEYS[group]?.[value];
    return key ? t(key) : value;
  };
}
