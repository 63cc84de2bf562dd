import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { BugReportForm } from './bug-report-form';

export function BugReportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('bugReport.title')} description={t('bugReport.description')}>
        <BugReportForm onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
