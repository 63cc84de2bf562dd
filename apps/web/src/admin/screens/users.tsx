import {
  AdminUserActionResponseSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  IdentityReviewResponseSchema,
  ImpersonateResponseSchema,
  type AdminUserSummary,
  type ImpersonateResponse,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormError, Input, Label, Textarea } from '@/components/ui/form';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { adminApi, type ApiError } from '../admin-api';
import { ObjectHistory } from '../components/object-history';
import {
  Card,
  Fields,
  FileLink,
  formatDate,
  Pager,
  QueryState,
  RowLink,
  ScreenTitle,
  useLabel,
} from '../components/ui';
import { usePagedQuery } from '../paged-query';

export function UserTable({
  items,
  dateOf,
}: {
  items: AdminUserSummary[];
  dateOf?: (u: AdminUserSummary) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  return (
    <div className="overflow-x-auto rounded-xl border border-night-100 bg-white">
      <table className="stacked-table w-full text-left text-sm">
        <thead className="bg-night-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('admin.users.col.user')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('admin.users.col.roles')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('admin.users.col.identity')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('admin.users.col.date')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((user) => (
            <tr key={user.id} className="border-t border-night-100">
              <td data-label={t('admin.users.col.user')} className="px-3 py-2">
                <RowLink to={`/users/${user.id}`}>
                  {user.firstname} {user.lastname} #{user.id}
                </RowLink>
                <span className="block text-xs text-slate-600">{user.username}</span>
              </td>
              <td data-label={t('admin.users.col.roles')} className="px-3 py-2 text-xs">
                {user.roles.map((role) => label('role', role)).join(', ') || '—'}
                {user.locked ? (
                  <span className="ml-1 font-semibold text-red-700">{t('admin.users.locked')}</span>
                ) : null}
              </td>
              <td data-label={t('admin.users.col.identity')} className="px-3 py-2">
                {label('identity', user.identityStatus)}
              </td>
              <td data-label={t('admin.users.col.date')} className="px-3 py-2">
                {formatDate(dateOf ? dateOf(user) : user.createdAt, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Search by e-mail, name or id. */
export function UserSearchScreen() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const { query, setPage, pager } = usePagedQuery({
    name: 'users',
    path: '/admin/api/users',
    schema: AdminUserPageSchema,
    filters: { q },
  });
  return (
    <>
      <ScreenTitle count={query.data?.total}>{t('admin.users.title')}</ScreenTitle>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQ(text);
        }}
      >
        <div className="min-w-60 flex-1">
          <Label htmlFor={`${id}-q`}>{t('admin.users.search')}</Label>
          <Input
            id={`${id}-q`}
            type="search"
            maxLength={250}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="dark">
          {t('admin.users.searchSubmit')}
        </Button>
      </form>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={query.data?.items.length === 0}
      >
        <UserTable items={query.data?.items ?? []} />
        <Pager {...pager} />
      </QueryState>
    </>
  );
}

/**
 * Opens the public app as the user: its session store gets the 15-minute impersonation token and
 * no refresh token, so the public app logs out when it expires (docs/decisions.md).
 */
function openAsUser(answer: ImpersonateResponse) {
  storage.set(
    STORAGE_KEYS.user,
    JSON.stringify({
      username: answer.impersonatorUsername,
      roles: [],
      access_token: answer.access_token,
      refresh_token: 'none',
      expires_in: answer.expires_in,
      expiresAt: Date.now() + answer.expires_in * 1000,
      rememberMe: false,
      impersonateToken: answer.access_token,
      impersonateUsername: answer.username,
      impersonateRoles: answer.roles,
    }),
  );
  window.open('/#/', '_blank', 'noopener');
}

function useUserAction(userId: string | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body?: unknown }): Promise<void> => {
      const url = `/admin/api/user/${userId}/${path}`;
      const json = body ?? {};
      // The identity decision answers the identity status; the other actions the account.
      if (path === 'identity')
        await adminApi.post(url, { json, schema: IdentityReviewResponseSchema });
      else await adminApi.post(url, { json, schema: AdminUserActionResponseSchema });
    },
    onSuccess: () => {
      toast.success(t('admin.saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** A user: profile, documents, identity decision, roles, lock, lampions, impersonation, erasure. */
export function UserScreen() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const { id } = useParams();
  const formId = useId();
  const query = useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: () => adminApi.get(`/admin/api/user/${id}`, { schema: AdminUserDetailSchema }),
  });
  const action = useUserAction(id);
  const [identityComment, setIdentityComment] = useState('');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [lockReason, setLockReason] = useState('');
  const impersonate = useMutation({
    mutationFn: () =>
      adminApi.post(`/admin/api/user/${id}/impersonate`, {
        json: {},
        schema: ImpersonateResponseSchema,
      }),
    onSuccess: openAsUser,
  });
  const u = query.data;
  const isAdminAccount = u?.roles.some(
    (role) => role === 'ROLE_ADMIN' || role === 'ROLE_SUPER_ADMIN',
  );
  const error = (action.error ?? impersonate.error) as ApiError | null;

  function lampions(event: FormEvent) {
    event.preventDefault();
    action.mutate(
      { path: 'lampions', body: { points: Number(points), reason } },
      {
        onSuccess: () => {
          setPoints('');
          setReason('');
        },
      },
    );
  }

  return (
    <>
      <ScreenTitle>
        {u ? `${u.firstname} ${u.lastname} #${u.id}` : t('admin.user.title')}
      </ScreenTitle>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {u ? (
          <div className="space-y-4">
            <FormError>{error ? t(error.messageKey) : null}</FormError>
            <Card>
              <Fields
                rows={[
                  [t('admin.field.email'), u.username],
                  [t('admin.field.roles'), u.roles.join(', ') || '—'],
                  [t('admin.field.identityStatus'), label('identity', u.identityStatus)],
                  [t('admin.field.phone'), u.phoneNumber],
                  [t('admin.field.department'), u.departmentCode],
                  [t('admin.field.birthday'), u.birthday],
                  [t('admin.field.lampions'), u.lampions],
                  [t('admin.field.annonces'), u.annonceCount],
                  [t('admin.field.created'), formatDate(u.createdAt, i18n.language)],
                  [t('admin.field.lastLogin'), formatDate(u.lastLoginAt, i18n.language)],
                  [
                    t('admin.field.locked'),
                    u.locked
                      ? `${t('admin.yes')} ${u.lockReason ? `(${u.lockReason})` : ''}`
                      : t('admin.no'),
                  ],
                  [t('admin.field.deletionAsked'), formatDate(u.askedToBeDeletedAt, i18n.language)],
                ]}
              />
            </Card>
            <Card>
              <h2 className="mb-3 font-semibold">{t('admin.user.identity')}</h2>
              <ul className="mb-3 space-y-2 text-sm">
                <li>
                  <FileLink file={u.documents.identityRecto} label={t('admin.doc.identityRecto')} />
                </li>
                <li>
                  <FileLink file={u.documents.identityVerso} label={t('admin.doc.identityVerso')} />
                </li>
                <li>
                  <FileLink file={u.documents.rib} label={t('admin.doc.rib')} />
                </li>
              </ul>
              {u.identityStatus === 'IN_PROGRESS' ? (
                <div className="space-y-3">
                  <div>
                    <Label htmlFor={`${formId}-identity`}>{t('admin.user.identityComment')}</Label>
                    <Textarea
                      id={`${formId}-identity`}
                      rows={2}
                      value={identityComment}
                      onChange={(event) => setIdentityComment(event.target.value)}
                    />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      onClick={() =>
                        action.mutate({
                          path: 'identity',
                          body: { accepted: true, commentaire: identityComment },
                        })
                      }
                    >
                      {t('admin.user.acceptIdentity')}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() =>
                        action.mutate({
                          path: 'identity',
                          body: { accepted: false, commentaire: identityComment },
                        })
                      }
                    >
                      {t('admin.user.refuseIdentity')}
                    </Button>
                  </div>
                </div>
              ) : null}
              {u.identityReviews.length > 0 ? (
                <ul className="mt-3 space-y-1 text-xs text-slate-700">
                  {u.identityReviews.map((review) => (
                    <li key={review.createdAt}>
                      {formatDate(review.createdAt, i18n.language)} · {review.adminUsername ?? '—'}{' '}
                      · {review.accepted ? t('admin.user.accepted') : t('admin.user.refused')}
                      {review.commentaire ? ` · «\u00a0${review.commentaire}\u00a0»` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Card>
            {isAdminAccount || u.roles.length === 0 ? null : (
              <>
                <Card>
                  <h2 className="mb-3 font-semibold">{t('admin.user.actions')}</h2>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      onClick={() =>
                        action.mutate({
                          path: 'superWatcher',
                          body: { granted: !u.roles.includes('ROLE_INDIVIDUAL_SUPER_WATCHER') },
                        })
                      }
                    >
                      {u.roles.includes('ROLE_INDIVIDUAL_SUPER_WATCHER')
                        ? t('admin.user.removeSuperWatcher')
                        : t('admin.user.grantSuperWatcher')}
                    </Button>
                    <Button variant="secondary" onClick={() => impersonate.mutate()}>
                      {t('admin.user.impersonate')}
                    </Button>
                  </div>
                  <div className="mt-4 flex flex-wrap items-end gap-2">
                    <div className="min-w-60 flex-1">
                      <Label htmlFor={`${formId}-lock`}>{t('admin.user.lockReason')}</Label>
                      <Input
                        id={`${formId}-lock`}
                        value={lockReason}
                        onChange={(event) => setLockReason(event.target.value)}
                      />
                    </div>
                    <Button
                      variant="dark"
                      onClick={() =>
                        action.mutate({
                          path: 'lock',
                          body: { locked: !u.locked, reason: lockReason },
                        })
                      }
                    >
                      {u.locked ? t('admin.user.unlock') : t('admin.user.lock')}
                    </Button>
                  </div>
                </Card>
                <Card>
                  <h2 className="mb-3 font-semibold">{t('admin.user.lampions')}</h2>
                  <form className="flex flex-wrap items-end gap-2" onSubmit={lampions}>
                    <div className="w-36">
                      <Label htmlFor={`${formId}-points`}>{t('admin.user.points')}</Label>
                      <Input
                        id={`${formId}-points`}
                        type="number"
                        step={1}
                        value={points}
                        onChange={(event) => setPoints(event.target.value)}
                      />
                    </div>
                    <div className="min-w-60 flex-1">
                      <Label htmlFor={`${formId}-reason`}>{t('admin.user.reason')}</Label>
                      <Input
                        id={`${formId}-reason`}
                        required
                        value={reason}
                        onChange={(event) => setReason(event.target.value)}
                      />
                    </div>
                    <Button
                      type="submit"
                      variant="dark"
                      disabled={!points || Number(points) === 0 || !reason.trim()}
                    >
                      {t('admin.user.applyLampions')}
                    </Button>
                  </form>
                </Card>
              </>
            )}
            <ObjectHistory objectType="User" objectId={u.id} />
          </div>
        ) : null}
      </QueryState>
    </>
  );
}
