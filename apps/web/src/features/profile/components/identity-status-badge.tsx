import type { IdentityStatus } from '@app/domain';
import { CircleCheck, CircleDashed, CircleX, Hourglass, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The "compte" of docs/product/accounts.md §3: a text, an icon and a colour per identity status. */
const LOOK: Record<IdentityStatus, { icon: LucideIcon; className: string; key: string }> = {
  NOT_SUBMITTED: {
    icon: CircleDashed,
    className: 'bg-night-100 text-night-800',
    key: 'profile.identity.NOT_SUBMITTED',
  },
  IN_PROGRESS: {
    icon: Hourglass,
    className: 'bg-lantern-100 text-lantern-800',
    key: 'profile.identity.IN_PROGRESS',
  },
  ACCEPTED: {
    icon: CircleCheck,
    className: 'bg-emerald-100 text-emerald-800',
    key: 'profile.identity.ACCEPTED',
  },
  REFUSED: { icon: CircleX, className: 'bg-red-100 text-red-800', key: 'profile.identity.REFUSED' },
};

export function IdentityStatusBadge({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation();
  const look = LOOK[status];
  const Icon = look.icon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold',
        look.className,
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {t(look.key)}
    </span>
  );
}
