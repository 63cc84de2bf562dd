import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The additional reward level as five stars (docs/product/annonces.md §9: "the preview shows 5 stars by level"). */
export function RewardStars({ level, className }: { level: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('annonceCard.rewardLevel', { level })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn(
            'size-4',
            star <= level ? 'fill-lantern-500 text-lantern-600' : 'fill-none text-night-200',
          )}
        />
      ))}
    </span>
  );
}
