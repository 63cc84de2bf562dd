import type { VehiclePhoto } from '@app/domain';

/** What a photo needs to be drawn: the contract's links, and its sizes when the server has them. */
export type ResponsivePhotoData = Pick<VehiclePhoto, 'fileUrl' | 'thumbnailUrl'> &
  Partial<Pick<VehiclePhoto, 'width' | 'height' | 'sources'>>;

/**
 * A vehicle photo in the size its place needs (issue 17): the browser picks among the WebP sizes
 * with `sizes` (the width the photo takes on screen), the JPEG stays the fallback, and width and
 * height give the box its ratio before the bytes arrive, so nothing below it moves. Below the fold
 * it loads lazily; the first photo a screen shows (its largest paint) loads at once.
 */
export function ResponsivePhoto({
  photo,
  sizes,
  fallback = 'thumbnail',
  priority = false,
  alt = '',
  className,
}: {
  photo: ResponsivePhotoData;
  /** The `sizes` attribute: how wide the photo shows, e.g. "(min-width: 768px) 50vw, 100vw". */
  sizes: string;
  /** The JPEG for a browser without WebP: the 480 px one for small places, the original for large. */
  fallback?: 'thumbnail' | 'original';
  priority?: boolean;
  alt?: string;
  className?: string;
}) {
  const sources = photo.sources ?? [];
  const fallbackUrl = fallback === 'original' ? photo.fileUrl : photo.thumbnailUrl;
  const attributes = {
    width: photo.width ?? undefined,
    height: photo.height ?? undefined,
    loading: priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: priority ? 'high' : undefined,
    className,
  } as const;
  if (sources.length === 0) return <img src={fallbackUrl} alt={alt} {...attributes} />;
  // The JPEG is the picture's last source, not the image's `src`: React sets an image's attributes
  // before it puts the image in its picture, and when it pauses between the two (it draws long
  // lists in slices) the browser starts fetching `src` from the lone image, a second download of
  // the same photo, the screen's largest one, on a phone's slow network.
  return (
    <picture className="contents">
      <source
        type={sources[0]?.type}
        srcSet={sources.map((source) => `${source.url} ${source.width}w`).join(', ')}
        sizes={sizes}
      />
      <source srcSet={fallbackUrl} />
      <img alt={alt} {...attributes} />
    </picture>
  );
}
