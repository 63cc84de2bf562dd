import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element: jumps over the navigation (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // The hash router owns the fragment: move the focus instead of navigating.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className="sr-only z-[60] rounded-lg bg-lantern-500 px-4 py-3 font-semibold text-night-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
