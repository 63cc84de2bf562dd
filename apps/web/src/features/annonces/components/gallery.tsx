import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnoncePhotoPlaceholder } from '@/components/annonce-card/annonce-card';
import {
  ResponsivePhoto,
  type ResponsivePhotoData,
} from '@/components/responsive-photo/responsive-photo';
import { Dialog, DialogPortal } from '@/components/ui/dialog';
import { galleryTileSizes } from './gallery-sizes';

export type GalleryImage = ResponsivePhotoData & { id: number };

/** §9: the first 3 photos, the third with "+N" for the rest. */
export const GALLERY_VISIBLE = 3;

/** Full-screen photo viewer: arrows and the keyboard move between photos, Escape closes. */
function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: GalleryImage[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const image = index === null ? null : images[index];
  const move = (delta: number) =>
    index !== null && onIndex((index + delta + images.length) % images.length);
  return (
    <Dialog
      open={image !== null && image !== undefined}
      onOpenChange={(open) => !open && onClose()}
    >
      <DialogPortal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-night-950/95" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-2 outline-none"
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') move(1);
            if (event.key === 'ArrowLeft') move(-1);
          }}
        >
          <DialogPrimitive.Title className="sr-only">
            {t('annonceShow.gallery.photo', { index: (index ?? 0) + 1, total: images.length })}
          </DialogPrimitive.Title>
          {image ? (
            <ResponsivePhoto
              photo={image}
              sizes="100vw"
              fallback="original"
              priority
              alt={t('annonceShow.gallery.photo', {
                index: (index ?? 0) + 1,
                total: images.length,
              })}
              className="h-auto max-h-[85dvh] w-auto max-w-full object-contain"
            />
          ) : null}
          <p className="mt-2 text-sm text-white" aria-hidden="true">
            {(index ?? 0) + 1} / {images.length}
          </p>
          {images.length > 1 ? (
            <>
              <button
                type="button"
                onClick={() => move(-1)}
                aria-label={t('annonceShow.gallery.previous')}
                className="absolute top-1/2 left-2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
              >
                <ChevronLeft aria-hidden="true" className="size-6" />
              </button>
              <button
                type="button"
                onClick={() => move(1)}
                aria-label={t('annonceShow.gallery.next')}
                className="absolute top-1/2 right-2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
              >
                <ChevronRight aria-hidden="true" className="size-6" />
              </button>
            </>
          ) : null}
          <DialogPrimitive.Close
            aria-label={t('common.close')}
            className="absolute top-3 right-3 inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
          >
            <X aria-hidden="true" className="size-6" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPortal>
    </Dialog>
  );
}

/** The detail page's photos: up to 3 tiles, "+N" on the last, each opening the lightbox. */
export function Gallery({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) {
    return <AnnoncePhotoPlaceholder className="aspect-[16/9] w-full rounded-xl" />;
  }
  const shown = images.slice(0, GALLERY_VISIBLE);
  const more = images.length - shown.length;
  return (
    <>
      <ul
        aria-label={t('annonceShow.gallery.label')}
        className={
          shown.length === 1
            ? 'grid grid-cols-1'
            : 'grid grid-cols-2 gap-2 md:grid-cols-3 [&>li:first-child]:col-span-2 md:[&>li:first-child]:col-span-1'
        }
      >
        {shown.map((image, index) => {
          const isLast = index === shown.length - 1 && more > 0;
          return (
            <li key={image.id} className="relative">
              <button
                type="button"
                onClick={() => setOpen(index)}
                // Grey until its photo is in: a tile still loading is a box, not a hole.
                className={
                  shown.length === 1
                    ? 'block aspect-[4/3] w-full overflow-hidden rounded-xl bg-night-100 md:aspect-[16/7]'
                    : 'block aspect-[4/3] w-full overflow-hidden rounded-xl bg-night-100'
                }
                aria-label={
                  isLast
                    ? t('annonceShow.gallery.more', { count: more })
                    : t('annonceShow.gallery.open', { index: index + 1, total: images.length })
                }
              >
                <ResponsivePhoto
                  photo={image}
                  sizes={galleryTileSizes(shown.length, index)}
                  fallback={shown.length === 1 ? 'original' : 'thumbnail'}
                  // The first tile is the detail page's largest paint; the others may wait.
                  priority={index === 0}
                  className="size-full object-cover"
                />
                {isLast ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-0 flex items-center justify-center rounded-xl bg-night-950/60 text-2xl font-bold text-white"
                  >
                    +{more}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
