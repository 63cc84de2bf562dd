import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

/**
 * The root route's `message` parameter, shown once after a redirect (docs/product/accounts.md §2). Only
 * catalogue keys are shown: a link must not be able to put arbitrary text in the app's mouth.
 */
export function RedirectMessage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const message = location.pathname === '/' ? searchParams.get('message') : null;

  useEffect(() => {
    if (!message) return;
    if (i18n.exists(message)) toast(t(message), { id: `redirect-${message}`, duration: 8_000 });
    const rest = new URLSearchParams(searchParams);
    rest.delete('message');
    const search = rest.toString();
    void navigate({ pathname: '/', search: search ? `?${search}` : '' }, { replace: true });
  }, [message, searchParams, navigate, t, i18n]);

  return null;
}
