import { useTranslation } from 'react-i18next';

const SECTIONS = [
  { titleKey: 'terms.service.title', textKey: 'terms.service.text' },
  { titleKey: 'terms.account.title', textKey: 'terms.account.text' },
  { titleKey: 'terms.annonces.title', textKey: 'terms.annonces.text' },
  { titleKey: 'terms.rewards.title', textKey: 'terms.rewards.text' },
  { titleKey: 'terms.data.title', textKey: 'terms.data.text' },
] as const;

/** Conditions générales d'utilisation: the provisional text until the final one is published. */
export function TermsRoute() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 md:py-14">
      <h1 className="text-2xl font-bold text-night-900 md:text-3xl">{t('page.terms.title')}</h1>
      <p className="mt-3 rounded-lg bg-lantern-50 px-4 py-3 text-sm text-lantern-800 ring-1 ring-lantern-100">
        {t('terms.provisional')}
      </p>
      {SECTIONS.map(({ titleKey, textKey }) => (
        <section key={titleKey} className="mt-8">
          <h2 className="text-lg font-semibold text-night-900">{t(titleKey)}</h2>
          <p className="mt-2 leading-relaxed text-slate-700">{t(textKey)}</p>
        </section>
      ))}
    </article>
  );
}
