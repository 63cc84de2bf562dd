import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The lantern of the night watch: the product's mark. */
export function LanternIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <circle cx="32" cy="9" r="3.5" />
        <path d="M24 19 L27 13 H37 L40 19 Z" fill="currentColor" />
        <rect x="21" y="19" width="22" height="27" rx="3" fill="currentColor" fillOpacity="0.18" />
        <path d="M26.5 19 V46 M37.5 19 V46" strokeWidth="2" />
        <path d="M19 50 H45" strokeWidth="4" />
      </g>
      <path
        d="M32 25 C35.5 29.5 37 32.5 37 35.5 A5 5 0 0 1 27 35.5 C27 32.5 28.5 29.5 32 25 Z"
        fill="#ffd27a"
      />
      <path
        d="M32 30.5 C33.6 32.6 34.3 34 34.3 35.4 A2.3 2.3 0 0 1 29.7 35.4 C29.7 34 30.4 32.6 32 30.5 Z"
        fill="#fff6dc"
      />
    </svg>
  );
}

/** Lantern and "Veilleurs" wordmark. `tone` follows the background it sits on. */
export function Logo({
  tone = 'onDark',
  compact = false,
  className,
}: {
  tone?: 'onDark' | 'onLight';
  /** Smaller on mobile, where the top bar is shared with four buttons. */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex items-center', compact ? 'gap-1.5 md:gap-2' : 'gap-2', className)}
    >
      <LanternIcon
        className={cn(
          'shrink-0',
          compact ? 'size-7 md:size-8' : 'size-8',
          tone === 'onDark' ? 'text-lantern-500' : 'text-lantern-600',
        )}
      />
      <span
        className={cn(
          'font-bold tracking-tight',
          compact ? 'text-lg md:text-xl' : 'text-xl',
          tone === 'onDark' ? 'text-white' : 'text-night-900',
        )}
      >
        {t('app.name')}
      </span>
    </span>
  );
}
