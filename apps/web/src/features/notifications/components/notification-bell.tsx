import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '@/components/ui/button';

/**
 * The bell of the top bar and its dropdown (accounts.md §2). The list itself arrives with the
 * notifications area; until then the dropdown says there is nothing to read.
 */
export function NotificationBell({ variant = 'onDark' }: { variant?: ButtonVariant }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant={variant} size="icon" aria-label={t('notifications.open')}>
          <Bell aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="animate-pop-in z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-night-100 bg-white p-2 text-night-900 shadow-xl"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-sm font-semibold">
            {t('notifications.title')}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-night-100" />
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <BellOff aria-hidden="true" className="size-8 text-night-300" />
            <p className="text-sm text-slate-600">{t('notifications.empty')}</p>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
