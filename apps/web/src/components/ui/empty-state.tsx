import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** Where an empty screen sends people on: a page to open, or something to do here. */
export type EmptyStateAction =
  | { label: string; to: string; icon?: LucideIcon }
  | { label: string; onClick: () => void; icon?: LucideIcon };

/**
 * What every empty list shows instead of nothing: an icon, a one-line title, one sentence that
 * helps, and one action that leads somewhere useful, so that nobody is left on a blank screen.
 * `compact` is for one empty group among others on the same page (a line, no action needed).
 */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  compact = false,
  className,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  action?: EmptyStateAction;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div
      data-testid="empty-state"
      className={cn(
        'rounded-xl border border-dashed border-night-200 bg-white',
        compact
          ? 'flex items-start gap-3 p-3 text-left'
          : 'flex flex-col items-center gap-3 px-5 py-8 text-center',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex shrink-0 items-center justify-center rounded-full bg-lantern-100 text-lantern-800',
          compact ? 'size-9' : 'size-14',
        )}
      >
        <Icon className={compact ? 'size-5' : 'size-7'} />
      </span>
      <div className={cn('flex min-w-0 flex-col gap-1', !compact && 'max-w-sm')}>
        <p className={cn('font-semibold text-night-900', compact ? 'text-sm' : 'text-base')}>
          {title}
        </p>
        <p className="text-sm text-slate-600">{text}</p>
        {action && compact ? <EmptyStateButton action={action} compact /> : null}
      </div>
      {action && !compact ? <EmptyStateButton action={action} /> : null}
    </div>
  );
}

function EmptyStateButton({
  action,
  compact = false,
}: {
  action: EmptyStateAction;
  compact?: boolean;
}) {
  const Icon = action.icon;
  const content = (
    <>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {action.label}
    </>
  );
  const look = compact
    ? { variant: 'secondary' as const, size: 'sm' as const, className: 'mt-1 self-start' }
    : { variant: 'primary' as const };
  return 'to' in action ? (
    <Link to={action.to} className={buttonClasses(look)}>
      {content}
    </Link>
  ) : (
    <Button {...look} onClick={action.onClick}>
      {content}
    </Button>
  );
}
