import { PasswordSchema } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError, FormError, Input, Label } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/account-actions';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';

/** Change password from the profile: current one, new one with the sign-up rule, confirmation. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const changing = useChangePassword();

  const field = (name: Field, labelKey: string, autoComplete: string) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{t(labelKey)}</Label>
      <Input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      <FieldError id={`${id}-${name}-error`}>{errors[name] ? t(errors[name]) : null}</FieldError>
    </div>
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = 'field.required.error';
    const rule = PasswordSchema.safeParse(values.newPassword);
    if (!rule.success) found.newPassword = rule.error.issues[0]?.message ?? 'password.weak.error';
    if (values.confirmation !== values.newPassword)
      found.confirmation = 'profile.password.mismatch';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changing.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.invalidField === 'currentPassword' || error.invalidField === 'newPassword')
      ) {
        setErrors({ [error.invalidField]: error.messageKey });
      } else {
        setErrors({ root: error instanceof ApiError ? error.messageKey : 'error.generic' });
      }
      return;
    }
    toast.success(t('ChangePassword.success'), { duration: 4000 });
    setValues({ currentPassword: '', newPassword: '', confirmation: '' });
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('profile.password.title')}
        description={t('profile.password.description')}
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          {field('currentPassword', 'profile.password.current', 'current-password')}
          {field('newPassword', 'profile.password.new', 'new-password')}
          <p className="-mt-2 text-xs text-slate-600">{t('auth.password.rule')}</p>
          {field('confirmation', 'profile.password.confirmation', 'new-password')}
          <FormError>{errors.root ? t(errors.root) : null}</FormError>
          <div className="flex justify-end">
            <Button type="submit" disabled={changing.isPending} className="w-full md:w-auto">
              {changing.isPending ? t('common.sending') : t('profile.password.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
