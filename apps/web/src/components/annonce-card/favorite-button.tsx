import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useToggleFavorite } from './use-toggle-favorite';

/** The heart on cards and on the detail page; a toggle button for screen readers. */
export function FavoriteButton({
  annonceId,
  initial,
  onChange,
  className,
}: {
  annonceId: number;
  initial: boolean;
  onChange?: (annonceId: number, favorite: boolean) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const { favorite, toggle, isPending } = useToggleFavorite(annonceId, initial, onChange);
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={t('annonceCard.favorite')}
      disabled={isPending}
      onClick={toggle}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-full bg-white/95 shadow-sm',
        'hover:bg-white focus-visible:outline-3 focus-visible:outline-lantern-500',
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-5', favorite ? 'fill-red-600 text-red-600' : 'text-night-700')}
      />
    </button>
  );
}
