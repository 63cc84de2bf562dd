import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * A "send again" button that waits for a countdown (docs/product/accounts.md §4). The seconds show on the
 * button; screen readers hear only when the wait starts and when it ends (polite live region),
 * not every second.
 */
export function ResendButton({
  label,
  remaining,
  pending,
  onClick,
}: {
  label: string;
  remaining: number;
  pending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const waiting = remaining > 0;
  // Announce the changes of phase only (a wait that starts with the button counts as one):
  // adjusted while rendering, no effect needed.
  const [wasWaiting, setWasWaiting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  if (waiting !== wasWaiting) {
    setWasWaiting(waiting);
    setAnnouncement(
      waiting ? t('auth.resend.wait', { count: remaining }) : t('auth.resend.available'),
    );
  }

  return (
    <div className="text-center">
      <Button
        variant="ghost"
        size="sm"
        disabled={waiting || pending}
        onClick={onClick}
        className="underline underline-offset-4"
      >
        {waiting ? t('auth.resend.countdown', { label, count: remaining }) : label}
      </Button>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
