import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_TYPES, FEEDBACK_TYPE_VALUES } from '@app/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError, FormError, Label, Select, Textarea } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { useSendFeedback } from '../api/send-feedback';

const SupportFormSchema = z.object({
  feedbackType: z.enum(FEEDBACK_TYPE_VALUES),
  content: z.string().trim().min(1, 'support.modal.content.error'),
});
type SupportFormValues = z.infer<typeof SupportFormSchema>;

/** Feedback success toast: 20 s (docs/product/accounts.md §8). */
const SUCCESS_TOAST_DURATION_MS = 20_000;

export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('support.modal.title')} description={t('support.modal.description')}>
        <SupportForm onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SupportForm({ onSent }: { onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SupportFormValues>({
    resolver: zodResolver(SupportFormSchema),
    defaultValues: { feedbackType: DEFAULT_FEEDBACK_TYPE, content: '' },
  });
  const sending = useSendFeedback();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sending.mutateAsync(values);
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.invalidField === 'content' || error.invalidField === 'feedbackType')
      ) {
        setError(error.invalidField, { message: error.messageKey });
      } else {
        setError('root', {
          message: error instanceof ApiError ? error.messageKey : 'error.generic',
        });
      }
      return;
    }
    toast.success(t('support.modal.success'), { duration: SUCCESS_TOAST_DURATION_MS });
    onSent();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <div>
        <Label htmlFor="support-feedback-type">{t('support.modal.type.label')}</Label>
        <Select
          id="support-feedback-type"
          {...register('feedbackType')}
          invalid={Boolean(errors.feedbackType)}
        >
          {FEEDBACK_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type[language]}
            </option>
          ))}
        </Select>
        <FieldError id="support-feedback-type-error">
          {errors.feedbackType?.message ? t(errors.feedbackType.message) : null}
        </FieldError>
      </div>
      <div>
        <Label htmlFor="support-content">{t('support.modal.content.label')}</Label>
        <Textarea
          id="support-content"
          rows={6}
          required
          aria-required="true"
          invalid={Boolean(errors.content)}
          aria-describedby={errors.content ? 'support-content-error' : undefined}
          placeholder={t('support.modal.content.placeholder')}
          {...register('content')}
        />
        <FieldError id="support-content-error">
          {errors.content?.message ? t(errors.content.message) : null}
        </FieldError>
      </div>
      <FormError>{errors.root?.message ? t(errors.root.message) : null}</FormError>
      <div className="flex justify-end">
        <Button type="submit" disabled={sending.isPending} className="w-full md:w-auto">
          {sending.isPending ? t('common.sending') : t('support.modal.submit')}
        </Button>
      </div>
    </form>
  );
}
