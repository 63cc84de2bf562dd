import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError, Input, Label } from '@/components/ui/form';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { adminLogin, type ApiError } from '../admin-api';

/** The back office's own sign-in (issue 6): admin accounts only. */
export function AdminLoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await adminLogin(username.trim(), password);
      void navigate('/', { replace: true });
    } catch (caught) {
      setError((caught as ApiError).messageKey ?? 'error.generic');
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-night-900 p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
        <div className="mb-4 flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold">{t('admin.login.title')}</h1>
          <LanguageSwitch />
        </div>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <div>
            <Label htmlFor={`${id}-email`}>{t('admin.login.email')}</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="username"
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-password`}>{t('admin.login.password')}</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <FormError>{error ? t(error) : null}</FormError>
          <Button type="submit" className="w-full" disabled={pending || !username || !password}>
            {t('admin.login.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
