import { BroadcastResponseSchema } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError, Input, Label, Textarea } from '@/components/ui/form';
import { adminApi, type ApiError } from '../admin-api';
import { Card, ScreenTitle } from '../components/ui';

type Audience = 'ADMIN_NOTIFICATION' | 'NEW_INFO_SUPER_WATCHER';

/** A message from the team: to every user, or to super watchers only (notifications module). */
export function BroadcastScreen() {
  const { t } = useTranslation();
  const id = useId();
  const [type, setType] = useState<Audience>('ADMIN_NOTIFICATION');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [annonceId, setAnnonceId] = useState('');
  const send = useMutation({
    mutationFn: () =>
      adminApi.post('/admin/api/notifications/broadcast', {
        json: {
          type,
          title,
          message,
          ...(annonceId ? { annonceId: Number(annonceId) } : {}),
        },
        schema: BroadcastResponseSchema,
      }),
    onSuccess: () => {
      setTitle('');
      setMessage('');
      setAnnonceId('');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }

  return (
    <>
      <ScreenTitle>{t('admin.broadcast.title')}</ScreenTitle>
      <Card className="max-w-2xl">
        <form className="space-y-4" onSubmit={submit}>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('admin.broadcast.audience')}</legend>
            {(
              [
                ['ADMIN_NOTIFICATION', 'admin.broadcast.everyone'],
                ['NEW_INFO_SUPER_WATCHER', 'admin.broadcast.superWatchers'],
              ] as const
            ).map(([value, label]) => (
              <div key={value} className="flex min-h-11 items-center gap-2">
                <input
                  id={`${id}-${value}`}
                  type="radio"
                  name={`${id}-audience`}
                  className="size-5"
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                <label htmlFor={`${id}-${value}`} className="text-sm">
                  {t(label)}
                </label>
              </div>
            ))}
          </fieldset>
          <div>
            <Label htmlFor={`${id}-title`}>{t('admin.broadcast.messageTitle')}</Label>
            <Input
              id={`${id}-title`}
              maxLength={120}
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-message`}>{t('admin.broadcast.message')}</Label>
            <Textarea
              id={`${id}-message`}
              rows={4}
              maxLength={1000}
              required
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <div className="max-w-xs">
            <Label htmlFor={`${id}-annonce`}>{t('admin.broadcast.annonce')}</Label>
            <Input
              id={`${id}-annonce`}
              type="number"
              min={1}
              step={1}
              value={annonceId}
              onChange={(event) => setAnnonceId(event.target.value)}
            />
          </div>
          <FormError>{send.error ? t((send.error as ApiError).messageKey) : null}</FormError>
          {send.data ? (
            <p role="status" className="text-sm font-medium text-green-800">
              {t('admin.broadcast.sent', { count: send.data.recipients })}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="dark"
            disabled={send.isPending || !title.trim() || !message.trim()}
          >
            {t('admin.broadcast.send')}
          </Button>
        </form>
      </Card>
    </>
  );
}
