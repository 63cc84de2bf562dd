import { Loader2, Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import type { CurrentUser } from '@/lib/session';
import type * as DrawerModule from './mobile-menu-drawer';

export const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The drawer (Radix's dialog stack, ≈ 8 KiB) is not part of the first load (issue 17): it is
 * fetched when the button is approached (hover, focus, touch) and shown when it is pressed.
 */
let drawerCode: Promise<typeof DrawerModule> | null = null;
function loadDrawer() {
  drawerCode ??= import('./mobile-menu-drawer').catch((error: unknown) => {
    // Offline before it was ever fetched: the next press tries again.
    drawerCode = null;
    throw error;
  });
  return drawerCode;
}
const MobileMenuDrawer = lazy(async () => ({ default: (await loadDrawer()).MobileMenuDrawer }));

function preloadDrawer() {
  loadDrawer().catch((error: unknown) => console.warn('Menu unavailable', error));
}

/** The mobile side menu's button (docs/product/accounts.md §2) and, once pressed, its drawer. */
export function MobileMenu({
  user,
  showCreateButton,
  onLogout,
}: {
  user: CurrentUser;
  showCreateButton: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // The drawer's code is there (it stays mounted afterwards, closed, so reopening is immediate).
  const [ready, setReady] = useState(false);
  // Close on navigation (a link was followed, or the address changed under it).
  const [openedAt, setOpenedAt] = useState(location.key);
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open || ready) return;
    let current = true;
    loadDrawer().then(
      () => current && setReady(true),
      (error: unknown) => {
        console.warn('Menu unavailable', error);
        if (current) setOpen(false);
      },
    );
    return () => {
      current = false;
    };
  }, [open, ready]);

  // Pressed before the drawer's code arrived: the button says it is on its way.
  const waiting = open && !ready;
  return (
    <>
      <Button
        ref={trigger}
        variant="onDark"
        size="icon"
        aria-label={t('nav.menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && ready ? MOBILE_MENU_ID : undefined}
        aria-busy={waiting || undefined}
        className="md:hidden"
        onPointerEnter={preloadDrawer}
        onTouchStart={preloadDrawer}
        onFocus={preloadDrawer}
        onClick={() => setOpen(true)}
      >
        {waiting ? (
          <Loader2 aria-hidden="true" className="size-6 animate-spin" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
      </Button>
      {ready ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
            user={user}
            showCreateButton={showCreateButton}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
    </>
  );
}
