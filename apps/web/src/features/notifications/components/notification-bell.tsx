import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { frenchRelativeTime, relativeTimeParts, type NotificationView } from '@app/domain';
import { Bell, BellOff, MapPin, SlidersHorizontal } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useMarkNotifications, useNotifications } from '../api/notifications-api';
import { useLiveNotifications } from '../hooks/use-live-notifications';

/** A notification counts as seen once this share of it was on screen (docs/product/accounts.md §9). */
export const VIEWED_THRESHOLD = 0.8;

const EN_UNITS = {
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  month: 'month',
  year: 'year',
} as const;

/** "il y a 3 heures" in French (the spec's rule), the same units in English. */
export function notificationDate(date: string, now: Date, language: string): string {
  const when = new Date(date);
  if (language !== 'en') return frenchRelativeTime(when, now);
  const { unit, count } = relativeTimeParts(when, now);
  if (unit === 'now') return 'just now';
  return new Intl.RelativeTimeFormat('en', { numeric: 'always' }).format(-count, EN_UNITS[unit]);
}

/** The hash route a click opens (AnnonceShow / MatchShow / none). */
export function notificationHref(item: NotificationView): string | null {
  if (item.objectId === null) return null;
  if (item.target === 'AnnonceShow') return paths.annonceShow.getHref(item.objectId);
  if (item.target === 'MatchShow') return paths.matchShow.getHref(item.objectId);
  return null;
}

/** The route pattern of a target, to tell "already there with another id". */
const TARGET_PATTERNS = {
  AnnonceShow: paths.annonceShow.path,
  MatchShow: paths.matchShow.path,
} as const;

/**
 * What the badge shows; the button's accessible name repeats it word for word, so that what is
 * seen is what a voice-control user says (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
export function unreadLabel(count: number) {
  return count > 99 ? '99+' : String(count);
}

/**
 * The bell of the top bar and its dropdown (docs/product/accounts.md §2, §4): the unread count, the list with
 * relative dates, viewed states sent when the menu closes for the items that were at least 80 %
 * visible, clicked on click with the navigation of each type, and the parameters modal. New
 * notifications arrive live (Server-Sent Events).
 */
export function NotificationBell({
  variant = 'onDark',
  renderParameters,
}: {
  variant?: ButtonVariant;
  /** The notification parameters modal (the five groups), composed by the shell. */
  renderParameters?: (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [paramsOpen, setParamsOpen] = useState(false);
  const query = useNotifications({ enabled: true });
  useLiveNotifications(true);
  const mark = useMarkNotifications();
  const items = query.data ?? [];
  const unread = items.filter((item) => !item.viewed).length;

  // Ids seen at least 80 % while the menu is open; sent as viewed when it closes.
  const seen = useRef(new Set<number>());
  const observer = useRef<IntersectionObserver | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);

  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const id = Number(element.dataset.notificationId);
    if (typeof IntersectionObserver === 'undefined') {
      seen.current.add(id); // no observer (old browser): what was shown counts as seen
      return;
    }
    observer.current?.observe(element);
  }, []);

  useEffect(() => {
    if (!open || typeof IntersectionObserver === 'undefined') return;
    const current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.intersectionRatio >= VIEWED_THRESHOLD) {
            seen.current.add(Number((entry.target as HTMLElement).dataset.notificationId));
          }
        }
      },
      { root: listRef.current, threshold: [VIEWED_THRESHOLD, 1] },
    );
    observer.current = current;
    listRef.current
      ?.querySelectorAll<HTMLElement>('[data-notification-id]')
      .forEach((element) => current.observe(element));
    return () => {
      current.disconnect();
      observer.current = null;
    };
  }, [open, items.length]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      seen.current = new Set();
      void query.refetch();
      return;
    }
    const unviewed = new Set(items.filter((item) => !item.viewed).map((item) => item.id));
    const ids = [...seen.current].filter((id) => unviewed.has(id));
    seen.current = new Set();
    if (ids.length > 0) mark.mutate({ ids, state: 'viewed' });
  }

  function onSelect(item: NotificationView) {
    if (!item.clicked) mark.mutate({ ids: [item.id], state: 'clicked' });
    const href = notificationHref(item);
    if (!href || !item.target) return;
    const here = matchPath(TARGET_PATTERNS[item.target], location.pathname);
    const targetId = String(item.objectId);
    if (here && here.params.annonceId === targetId) return;
    navigate(href);
    // Already on that screen for another announcement: reload it, as the spec asks.
    if (here) window.setTimeout(() => window.location.reload(), 0);
  }

  const now = new Date();
  const label =
    unread > 0
      ? t('notifications.open.unread', { count: unread, shown: unreadLabel(unread) })
      : t('notifications.open');

  return (
    <>
      {/* Not modal: the rest of the page stays readable to screen readers (no aria-hidden around it). */}
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant={variant} size="icon" aria-label={label} className="relative">
            <Bell aria-hidden="true" className="size-5" />
            {unread > 0 ? (
              <span
                aria-hidden="true"
                data-testid="notification-count"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white ring-2 ring-night-900"
              >
                {unreadLabel(unread)}
              </span>
            ) : null}
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="animate-pop-in z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-night-100 bg-white p-2 text-night-900 shadow-xl"
          >
            <DropdownMenu.Label className="flex items-center justify-between px-2 py-1.5 text-sm font-semibold">
              {t('notifications.title')}
              {unread > 0 ? (
                <span className="text-xs font-normal text-slate-600">
                  {t('notifications.unread', { count: unread })}
                </span>
              ) : null}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-night-100" />
            <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto">
              {query.isPending ? (
                <div aria-busy="true" className="space-y-2 p-2">
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                </div>
              ) : query.isError && items.length === 0 ? (
                <p role="alert" className="px-4 py-6 text-center text-sm text-red-800">
                  {t('notifications.loadError')}
                </p>
              ) : items.length === 0 ? (
                <EmptyState
                  className="border-0"
                  icon={BellOff}
                  title={t('notifications.empty')}
                  text={t('notifications.empty.hint')}
                  action={{
                    label: t('notifications.empty.action'),
                    icon: MapPin,
                    onClick: () => {
                      onOpenChange(false);
                      void navigate(paths.search.getHref({ annonceType: 'CLOSE_ANNONCES' }));
                    },
                  }}
                />
              ) : (
                items.map((item) => (
                  <DropdownMenu.Item
                    key={item.id}
                    ref={observe}
                    data-notification-id={item.id}
                    onSelect={() => onSelect(item)}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-lg px-2 py-2.5 outline-none select-none',
                      'data-[highlighted]:bg-night-50',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mt-1.5 size-2 shrink-0 rounded-full',
                        item.viewed ? 'bg-transparent' : 'bg-lantern-500',
                      )}
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        className={cn(
                          'block text-sm',
                          item.viewed ? 'font-medium text-night-800' : 'font-bold text-night-900',
                        )}
                      >
                        {item.viewed ? null : (
                          <span className="sr-only">{t('notifications.item.new')} </span>
                        )}
                        {item.title}
                      </span>
                      <span className="block text-sm text-slate-700">{item.body}</span>
                      <time dateTime={item.date} className="mt-0.5 block text-xs text-slate-600">
                        {notificationDate(item.date, now, i18n.language)}
                      </time>
                    </span>
                  </DropdownMenu.Item>
                ))
              )}
            </div>
            {renderParameters ? (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-night-100" />
                <DropdownMenu.Item
                  onSelect={() => setParamsOpen(true)}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-semibold text-night-700 outline-none data-[highlighted]:bg-night-50"
                >
                  <SlidersHorizontal aria-hidden="true" className="size-4" />
                  {t('notifications.parameters')}
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {renderParameters?.({ open: paramsOpen, onOpenChange: setParamsOpen })}
    </>
  );
}
