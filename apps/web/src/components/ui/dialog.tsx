import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** Whether the dialog around is open: its content is not even mounted while it is closed. */
const DialogOpenContext = createContext(true);

/**
 * A dialog's root, as Radix's, that tells its content whether it is open. Radix mounts a closed
 * dialog's content machinery all the same, and its presence check schedules a blocking update
 * from the first commit of every screen that holds one: React then ran all the screen's effects
 * in the commit's task (the search's closed dialogs made a task of 102 ms at a phone's speed,
 * bench/results/web-2026-12-02-s30.md). The content has no exit animation to wait for.
 */
export function Dialog({
  open,
  defaultOpen = false,
  onOpenChange,
  ...props
}: DialogPrimitive.DialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isOpen = open ?? uncontrolledOpen;
  return (
    <DialogOpenContext value={isOpen}>
      <DialogPrimitive.Root
        {...props}
        open={isOpen}
        onOpenChange={(next) => {
          setUncontrolledOpen(next);
          onOpenChange?.(next);
        }}
      />
    </DialogOpenContext>
  );
}

/** Radix's portal, mounted only while the dialog around (the `Dialog` above) is open. */
export function DialogPortal({ children }: { children: ReactNode }) {
  return useContext(DialogOpenContext) ? (
    <DialogPrimitive.Portal>{children}</DialogPrimitive.Portal>
  ) : null;
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /**
   * An action bar pinned to the bottom edge, outside the scrolling content: a sticky bar inside a
   * padded scroll box floated above the edge with content showing under it (issue 15).
   */
  footer?: ReactNode;
  className?: string;
}

/**
 * A modal: a bottom sheet on mobile, a centred card from 768 px. Radix traps the focus and closes
 * on Escape; closed, the focus goes back to what had it when the dialog opened.
 */
export function DialogContent(props: DialogContentProps) {
  return (
    <DialogPortal>
      <OpenDialogContent {...props} />
    </DialogPortal>
  );
}

function OpenDialogContent({
  title,
  description,
  children,
  footer,
  className,
}: DialogContentProps) {
  const { t } = useTranslation();
  // Radix gives the focus back to a DialogTrigger only: a dialog a screen opens itself (the
  // search's filters, opened from a button through the address) left it on the page's body.
  const [openedFrom] = useState(() => document.activeElement);
  return (
    <>
      <DialogPrimitive.Overlay className="animate-fade-in fixed inset-0 z-50 bg-night-950/60" />
      <DialogPrimitive.Content
        // Without a description Radix must not point aria-describedby at nothing.
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (openedFrom instanceof HTMLElement && openedFrom.isConnected) openedFrom.focus();
        }}
        className={cn(
          'animate-pop-in fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] rounded-t-2xl bg-white shadow-2xl',
          'md:inset-auto md:top-1/2 md:left-1/2 md:w-full md:max-w-lg md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl',
          footer ? 'flex flex-col' : 'overflow-y-auto p-5 md:p-6',
          className,
        )}
      >
        <div className={footer ? 'min-h-0 flex-1 overflow-y-auto p-5 md:p-6' : undefined}>
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="pt-2 text-lg font-semibold text-night-900">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('common.close')}
                className="-mt-1 -mr-2"
              >
                <X aria-hidden="true" className="size-5" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          <div className="mt-4">{children}</div>
        </div>
        {footer ? (
          <div className="shrink-0 border-t border-night-100 bg-white px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] md:rounded-b-2xl md:px-6 md:pb-5">
            {footer}
          </div>
        ) : null}
      </DialogPrimitive.Content>
    </>
  );
}
