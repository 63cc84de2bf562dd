import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { useClientConfig } from '@/lib/client-config';

export type ShareNetwork =
  'email' | 'facebook' | 'messenger' | 'sms' | 'telegram' | 'twitter' | 'whatsapp';

/** The public link of an announcement: PUBLIC_URL/openapp?id=N (its preview tags live there). */
export function shareLink(publicUrl: string, annonceId: number): string {
  return `${publicUrl.replace(/\/$/, '')}${paths.openApp.getHref(annonceId)}`;
}

/** The seven networks of §2, as real share addresses. */
export function shareUrls(link: string, text: string): Record<ShareNetwork, string> {
  const url = encodeURIComponent(link);
  const message = encodeURIComponent(text);
  return {
    email: `mailto:?subject=${message}&body=${encodeURIComponent(`${text}\n${link}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    messenger: `fb-messenger://share/?link=${url}`,
    sms: `sms:?&body=${encodeURIComponent(`${text} ${link}`)}`,
    telegram: `https://t.me/share/url?url=${url}&text=${message}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${message}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`,
  };
}

const NETWORKS: { network: ShareNetwork; label: string }[] = [
  { network: 'email', label: 'annonceShow.share.email' },
  { network: 'facebook', label: 'annonceShow.share.facebook' },
  { network: 'messenger', label: 'annonceShow.share.messenger' },
  { network: 'sms', label: 'annonceShow.share.sms' },
  { network: 'telegram', label: 'annonceShow.share.telegram' },
  { network: 'twitter', label: 'annonceShow.share.twitter' },
  { network: 'whatsapp', label: 'annonceShow.share.whatsapp' },
];

export function ShareDialog({
  open,
  onOpenChange,
  annonceId,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  annonceId: number;
  title: string;
}) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const publicUrl = config.config?.publicUrl ?? window.location.origin;
  const link = shareLink(publicUrl, annonceId);
  const urls = shareUrls(link, t('annonceShow.share.text', { title }));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('annonceShow.share.title')}>
        <div className="flex gap-2">
          <Input
            readOnly
            value={link}
            aria-label={t('annonceShow.share.link')}
            onFocus={(e) => e.target.select()}
          />
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(
                () => toast.success(t('annonceShow.share.copied')),
                () => toast.error(t('annonceShow.share.copyFailed')),
              );
            }}
          >
            <Copy aria-hidden="true" className="size-4" />
            {t('annonceShow.share.copy')}
          </Button>
        </div>
        <ul className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4">
          {NETWORKS.map(({ network, label }) => (
            <li key={network}>
              <a
                href={urls[network]}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-h-11 items-center justify-center rounded-lg border border-night-200 bg-white px-2 text-sm font-semibold hover:bg-night-50"
              >
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
