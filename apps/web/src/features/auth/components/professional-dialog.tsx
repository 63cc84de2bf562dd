import { lazy, Suspense, useState } from 'react';

// The dialog (Radix's dialog stack) is fetched the first time it opens: the login screen shows
// without it (issue 17). It stays mounted afterwards so that it can close with its animation.
const ProfessionalDialogContent = lazy(async () => ({
  default: (await import('./professional-dialog-content')).ProfessionalDialogContent,
}));

/** The professional redirect modal (./professional-dialog-content), loaded when first opened. */
export function ProfessionalDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ProfessionalDialogContent open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
