import type { AnnonceDetail } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { FileDown, Printer, Share } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ApiError, api } from '@/lib/api-client';

const ERROR_TOAST_MS = 4_000;

/** GET /annonce/{id}/flyer.pdf: the A4 flyer to print (only while the announcement is online). */
export const fetchFlyer = (annonceId: number) =>
  api.get<Blob>(`/annonce/${annonceId}/flyer.pdf`, { blob: true, silent: true });

export const flyerFileName = (annonceId: number) => `veilleurs-affiche-${annonceId}.pdf`;

/** Whether this browser can share a PDF file (the Web Share API level 2). */
function canShareFiles(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  try {
    const probe = new File([''], 'affiche', { type: 'application/pdf' });
    return navigator.canShare({ files: [probe] });
  } catch {
    return false;
  }
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The flyer of a VALIDATED announcement (issue 19): download it, or share the file through the
 * phone's share sheet where the browser can. Everyone signed in may (docs/decisions.md).
 */
export function AnnonceFlyerButton({ annonce }: { annonce: AnnonceDetail }) {
  const { t } = useTranslation();
  const shareable = canShareFiles();
  const flyer = useMutation({
    mutationFn: async (mode: 'download' | 'share') => {
      const blob = await fetchFlyer(annonce.id);
      const name = flyerFileName(annonce.id);
      if (mode === 'share') {
        const file = new File([blob], name, { type: 'application/pdf' });
        try {
          await navigator.share({ files: [file], title: t('flyer.shareTitle') });
        } catch (error) {
          // Closing the share sheet is not an error.
          if (error instanceof DOMException && error.name === 'AbortError') return;
          throw error;
        }
        return;
      }
      download(blob, name);
    },
    onError: (error) => {
      const key =
        error instanceof ApiError && error.messageKey === 'annonce.flyer.notOnline'
          ? 'annonce.flyer.notOnline'
          : 'flyer.error';
      toast.error(t(key), { duration: ERROR_TOAST_MS });
    },
  });
  if (annonce.status.value !== 'VALIDATED') return null;
  return (
    <div className="flex flex-wrap gap-2 max-md:w-full" role="group" aria-label={t('flyer.group')}>
      <Button
        variant="secondary"
        size="sm"
        className="max-md:flex-1"
        disabled={flyer.isPending}
        aria-busy={flyer.isPending || undefined}
        onClick={() => flyer.mutate('download')}
      >
        {flyer.isPending ? (
          <Printer aria-hidden="true" className="size-4 animate-pulse" />
        ) : (
          <FileDown aria-hidden="true" className="size-4" />
        )}
        {t('flyer.download')}
      </Button>
      {shareable ? (
        <Button
          variant="secondary"
          size="sm"
          className="max-md:flex-1"
          disabled={flyer.isPending}
          onClick={() => flyer.mutate('share')}
        >
          <Share aria-hidden="true" className="size-4" />
          {t('flyer.share')}
        </Button>
      ) : null}
    </div>
  );
}
