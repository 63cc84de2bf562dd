import { BugReportDialog } from '@/features/support/components/bug-report-dialog';
import { SupportDialog } from '@/features/support/components/support-dialog';
import { closeGlobalDialog, useOpenGlobalDialog } from '@/lib/dialogs';

/** The support and bug-report modals, opened from the menus, the footer or the error toast. */
export function SupportDialogs() {
  const open = useOpenGlobalDialog();
  const onOpenChange = (next: boolean) => {
    if (!next) closeGlobalDialog();
  };
  return (
    <>
      <SupportDialog open={open === 'support'} onOpenChange={onOpenChange} />
      <BugReportDialog open={open === 'bugReport'} onOpenChange={onOpenChange} />
    </>
  );
}
