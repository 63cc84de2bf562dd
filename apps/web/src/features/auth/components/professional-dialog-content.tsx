import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useEnvironmentLinks } from '../api/get-environment-links';

/**
 * The professional redirect modal (docs/product/accounts.md §2, §6): professionals use their own site. Opened
 * by a 468 answer or by choosing the professional profile at sign-up (through ./professional-dialog).
 */
export function ProfessionalDialogContent({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const links = useEnvironmentLinks({ enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('auth.professional.title')}
        description={t('auth.professional.description')}
      >
        <div className="flex flex-col gap-3 md:flex-row-reverse">
          {links.data ? (
            <a
              href={links.data.proUrlLink}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ className: 'w-full md:w-auto' })}
            >
              {t('auth.professional.link')}
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('common.newTab')}</span>
            </a>
          ) : null}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className={buttonClasses({ variant: 'secondary', className: 'w-full md:w-auto' })}
          >
            {t('auth.professional.close')}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
