import {
  DOCUMENT_MAX_BYTES,
  PHONE_COUNTRIES,
  PROFILE_MESSAGE_KEYS,
  ProfileFieldsSchema,
  type Profile,
  type UploadedFile,
} from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FilePicker, type PickedFile } from '@/components/ui/file-picker';
import { FieldError, FormError, Input, Label, Select } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useProfile } from '../api/get-profile';
import { useDepartments, useProfessions } from '../api/reference-lists';
import { useUpdatePublicProfile } from '../api/update-public-profile';
import { nationalPhone } from './phone-display';
import { ProfileShowSkeleton } from './profile-show';

const COUNTRY_KEYS: Record<(typeof PHONE_COUNTRIES)[number], string> = {
  FR: 'profile.country.FR',
  RE: 'profile.country.RE',
  MQ: 'profile.country.MQ',
  GF: 'profile.country.GF',
  YT: 'profile.country.YT',
};

/** Profile save toast: 4 s (docs/product/accounts.md §9). */
const SAVED_TOAST_MS = 4000;

type FileField = 'ribFile' | 'identityRectoFile' | 'identityVersoFile';
type Field = 'phoneNumber' | 'countryCode' | 'department' | 'profession' | FileField;

const ACCEPTED_NAME = /\.(png|jpe?g|pdf)$/i;

function fileError(file: File): string | null {
  if (!ACCEPTED_NAME.test(file.name)) return PROFILE_MESSAGE_KEYS.fileType;
  if (file.size > DOCUMENT_MAX_BYTES) return PROFILE_MESSAGE_KEYS.fileTooLarge;
  return null;
}

/** A document of the profile (bank details, identity): the shared picker, the stored one shown. */
function DocumentInput({
  id,
  label,
  current,
  error,
  onChange,
}: {
  id: string;
  label: string;
  current: UploadedFile | null;
  error?: string | undefined;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<File | null>(null);
  const [showStored, setShowStored] = useState(true);
  const value: PickedFile | null = picked
    ? { kind: 'new', file: picked }
    : current && showStored
      ? {
          kind: 'stored',
          name: current.originalFileName,
          url: current.fileUrl,
          isPdf: current.isPdf,
        }
      : null;
  return (
    <FilePicker
      id={id}
      label={label}
      kind="document"
      hint={current && !picked ? t('profile.file.replace') : t('filePicker.types.document')}
      value={value}
      onChange={(next) => {
        // Removing the stored one only means choosing another: the server keeps it otherwise.
        const file = next?.kind === 'new' ? next.file : null;
        if (!next && !picked) setShowStored(false);
        setPicked(file);
        onChange(file);
      }}
      error={error}
    />
  );
}

function ProfileEditForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const departments = useDepartments();
  const professions = useProfessions();
  const saving = useUpdatePublicProfile();
  const [values, setValues] = useState({
    phoneNumber: nationalPhone(profile.phoneNumber),
    countryCode: profile.countryCode,
    department: profile.department?.value ?? '',
    profession: profile.profession?.value ?? '',
  });
  const [files, setFiles] = useState<Partial<Record<FileField, File | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});

  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const chooseFile = (name: FileField) => (file: File | null) => {
    setFiles((current) => ({ ...current, [name]: file }));
    setErrors((current) => ({
      ...current,
      [name]: file ? (fileError(file) ?? undefined) : undefined,
    }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const parsed = ProfileFieldsSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'phoneNumber') as Field;
        found[field] ??= issue.message;
      }
    }
    for (const name of ['ribFile', 'identityRectoFile', 'identityVersoFile'] as const) {
      const file = files[name];
      const problem = file ? fileError(file) : null;
      if (problem) found[name] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await saving.mutateAsync({
        ...values,
        ribFile: files.ribFile ?? null,
        identityRectoFile: files.identityRectoFile ?? null,
        identityVersoFile: files.identityVersoFile ?? null,
        ribFileId: profile.rib?.id ?? null,
        identityRectoFileId: profile.identityRecto?.id ?? null,
        identityVersoFileId: profile.identityVerso?.id ?? null,
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
        // docs/product/accounts.md §8: back to the root with the server's message.
        void navigate(paths.home.getHref({ message: error.messageKey }));
        return;
      }
      if (error instanceof ApiError && error.invalidField) {
        setErrors({ [error.invalidField]: error.messageKey });
      } else {
        setErrors({ root: error instanceof ApiError ? error.messageKey : 'error.generic' });
      }
      return;
    }
    toast.success(t('profile.edit.success'), { duration: SAVED_TOAST_MS });
    // Back to where the user came from; the profile when the edit screen was opened directly.
    if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
    else void navigate(paths.profileShow.getHref());
  }

  const errorOf = (name: Field) => (errors[name] ? t(errors[name]) : null);

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-night-100 md:p-6"
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[10rem_1fr]">
        <div>
          <Label htmlFor={`${id}-country`}>{t('profile.edit.country')}</Label>
          <Select
            id={`${id}-country`}
            value={values.countryCode}
            onChange={(event) => set('countryCode')(event.target.value)}
            invalid={Boolean(errors.countryCode)}
            aria-describedby={errors.countryCode ? `${id}-country-error` : undefined}
          >
            {PHONE_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(COUNTRY_KEYS[country])}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-country-error`}>{errorOf('countryCode')}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-phone`}>{t('profile.phone')}</Label>
          <Input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            value={values.phoneNumber}
            onChange={(event) => set('phoneNumber')(event.target.value)}
            invalid={Boolean(errors.phoneNumber)}
            aria-describedby={errors.phoneNumber ? `${id}-phone-error` : undefined}
          />
          <FieldError id={`${id}-phone-error`}>{errorOf('phoneNumber')}</FieldError>
        </div>
      </div>

      {values.countryCode === 'FR' ? (
        <div>
          <Label htmlFor={`${id}-department`}>{t('profile.department')}</Label>
          <Select
            id={`${id}-department`}
            value={values.department}
            onChange={(event) => set('department')(event.target.value)}
            invalid={Boolean(errors.department)}
            aria-describedby={errors.department ? `${id}-department-error` : undefined}
          >
            <option value="">
              {departments.isPending ? t('profile.edit.loading') : t('profile.edit.choose')}
            </option>
            {departments.data?.map((department) => (
              <option key={department.value} value={department.value}>
                {department.text}
              </option>
            ))}
          </Select>
          <FieldError id={`${id}-department-error`}>{errorOf('department')}</FieldError>
        </div>
      ) : null}

      <div>
        <Label htmlFor={`${id}-profession`}>{t('profile.profession')}</Label>
        <Select
          id={`${id}-profession`}
          value={values.profession}
          onChange={(event) => set('profession')(event.target.value)}
          invalid={Boolean(errors.profession)}
          aria-describedby={errors.profession ? `${id}-profession-error` : undefined}
        >
          <option value="">
            {professions.isPending ? t('profile.edit.loading') : t('profile.edit.noProfession')}
          </option>
          {professions.data?.map((profession) => (
            <option key={profession.value} value={profession.value}>
              {profession.text}
            </option>
          ))}
        </Select>
        <FieldError id={`${id}-profession-error`}>{errorOf('profession')}</FieldError>
      </div>

      <fieldset className="space-y-4 border-t border-night-100">
        <legend className="float-left w-full pt-5 text-base font-semibold text-night-900">
          {t('profile.edit.documents')}
        </legend>
        <p className="text-sm text-slate-600">{t('profile.edit.documents.hint')}</p>
        <DocumentInput
          id={`${id}-rib`}
          label={t('profile.rib')}
          current={profile.rib}
          error={errors.ribFile}
          onChange={chooseFile('ribFile')}
        />
        <DocumentInput
          id={`${id}-recto`}
          label={t('identity.recto.label')}
          current={profile.identityRecto}
          error={errors.identityRectoFile}
          onChange={chooseFile('identityRectoFile')}
        />
        <DocumentInput
          id={`${id}-verso`}
          label={t('identity.verso.label')}
          current={profile.identityVerso}
          error={errors.identityVersoFile}
          onChange={chooseFile('identityVersoFile')}
        />
      </fieldset>

      <FormError>{errors.root ? t(errors.root) : null}</FormError>
      <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
        <Button variant="secondary" onClick={() => void navigate(-1)}>
          {t('profile.edit.cancel')}
        </Button>
        <Button type="submit" disabled={saving.isPending}>
          {saving.isPending ? t('common.sending') : t('profile.edit.save')}
        </Button>
      </div>
    </form>
  );
}

/** Profile edit (docs/product/accounts.md §2): phone, country, department, profession, rib and identity. */
export function ProfileEdit() {
  const { t } = useTranslation();
  const query = useProfile();
  if (query.isPending) return <ProfileShowSkeleton />;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        {t('profile.loadError')}
      </p>
    );
  }
  return <ProfileEditForm profile={query.data} />;
}
