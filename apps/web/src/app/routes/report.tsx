import { useTranslation } from 'react-i18next';
import { BugReportForm } from '@/features/support/components/bug-report-form';

/** /report: the bug-report form as a screen, for links from mails or the error toast. */
export function ReportRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 md:py-12">
      <h1 className="text-2xl font-bold text-night-900 md:text-3xl">{t('bugReport.title')}</h1>
      <p className="mt-2 text-slate-600">{t('bugReport.description')}</p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-night-100 md:p-6">
        <BugReportForm idPrefix="report-page" />
      </div>
    </div>
  );
}
