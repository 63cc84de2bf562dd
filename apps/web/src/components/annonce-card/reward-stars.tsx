import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STARS = 5;
/** Each star is 24 units wide, 3 apart: at 1 rem high, 0.125 rem between two stars. */
const STAR_STEP = 27;
const VIEW_WIDTH = STARS * STAR_STEP - 3;

/** The stars from `first` (0-based) to `end`, as one path: each one's top point, then its outline. */
function starsPath(first: number, end: number): string {
  let d = '';
  for (let star = first; star < end; star += 1) {
    d += `M${12 + star * STAR_STEP} 2.7l2.5 6.7 7.2.3-5.6 4.5 1.9 7-6-4-6 4 1.9-7-5.6-4.5 7.2-.3z`;
  }
  return d;
}

/**
 * The additional reward level as five stars (docs/product/annonces.md §9: "the preview shows 5 stars
 * by level"). Every card of a list carries them: one image of two paths (the filled stars, the
 * empty ones), where five icons were ten SVG elements a card, a fifth of what the browser styled
 * and laid out when a search's twelve results arrived (issue 17).
 */
export function RewardStars({ level, className }: { level: number; className?: string }) {
  const { t } = useTranslation();
  const filled = Math.min(STARS, Math.max(0, Math.round(level)));
  return (
    <svg
      role="img"
      aria-label={t('annonceCard.rewardLevel', { level })}
      viewBox={`0 0 ${VIEW_WIDTH} 24`}
      strokeWidth={2}
      strokeLinejoin="round"
      className={cn('h-4 w-22 shrink-0', className)}
    >
      {filled > 0 ? (
        <path
          d={starsPath(0, filled)}
          className="fill-lantern-500 stroke-lantern-600"
          data-stars="filled"
        />
      ) : null}
      {filled < STARS ? (
        <path
          d={starsPath(filled, STARS)}
          className="fill-none stroke-night-200"
          data-stars="empty"
        />
      ) : null}
    </svg>
  );
}
