import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, FormError, Label, Textarea } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { useSendBugReport } from '../api/send-bug-report';

const BugReportSchema = z.object({
  comment: z.string().trim().min(1, 'bugReport.comment.error'),
});
type BugReportValues = z.infer<typeof BugReportSchema>;

const SUCCESS_TOAST_DURATION_MS = 20_000;

/** The bug-report form ("commentaire"), in the modal and on the /report screen. */
export function BugReportForm({
  onSent,
  idPrefix = 'bug-report',
}: {
  onSent?: () => void;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<BugReportValues>({
    resolver: zodResolver(BugReportSchema),
    defaultValues: { comment: '' },
  });
  const sending = useSendBugReport();
  const commentId = `${idPrefix}-comment`;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sending.mutateAsync(values);
    } catch (error) {
      setError('root', {
        message: error instanceof ApiError ? error.messageKey : 'bugReport.unavailable',
      });
      return;
    }
    toast.success(t('bugReport.success'), { duration: SUCCESS_TOAST_DURATION_MS });
    reset();
    onSent?.();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <div>
        <Label htmlFor={commentId}>{t('bugReport.comment.label')}</Label>
        <Textarea
          id={commentId}
          rows={6}
          required
          aria-required="true"
          invalid={Boolean(errors.comment)}
          aria-describedby={errors.comment ? `${commentId}-error` : undefined}
          placeholder={t('bugReport.comment.placeholder')}
          {...register('comment')}
        />
        <FieldError id={`${commentId}-error`}>
          {errors.comment?.message ? t(errors.comment.message) : null}
        </FieldError>
      </div>
      <FormError>{errors.root?.message ? t(errors.root.message) : null}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={sending.isPending} className="w-full md:w-auto">
          {sending.isPending ? t('common.sending') : t('bugReport.submit')}
        </Button>
      </div>
    </form>
  );
}
