import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS, changeLanguage } from '@/lib/i18n';
import { cn } from '@/lib/cn';

/** FR | EN toggle; the choice is kept in this browser. */
export function LanguageSwitch({ tone = 'onLight' }: { tone?: 'onLight' | 'onDark' }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn(
        'inline-flex rounded-lg p-0.5',
        tone === 'onDark' ? 'bg-white/10' : 'bg-night-100',
      )}
    >
      {LANGUAGE_OPTIONS.map(({ language, nameKey }) => {
        const active = i18n.language === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active}
            onClick={() => void changeLanguage(language)}
            className={cn(
              'min-h-11 min-w-11 rounded-md px-2 text-sm font-semibold uppercase transition-colors md:min-h-8',
              active
                ? 'bg-white text-night-900 shadow-sm'
                : tone === 'onDark'
                  ? 'text-night-100 hover:text-white'
                  : 'text-slate-700 hover:text-night-900',
            )}
          >
            <span aria-hidden="true">{language}</span>
            <span className="sr-only">{t(nameKey)}</span>
          </button>
        );
      })}
    </div>
  );
}
