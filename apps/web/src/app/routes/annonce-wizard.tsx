import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AnnonceWizard } from '@/features/annonces/components/wizard/annonce-wizard';
import { openIdentityDialog } from '@/features/identity/hooks/identity-dialog-store';

function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  return Number(value);
}

/**
 * /annonce/create (?annonceId= resumes a draft) and /annonce/edit/:annonceId. Publishing without a
 * submitted identity opens the identity modal (identity feature), composed here.
 */
export function AnnonceWizardRoute({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const annonceId = parseId(params.annonceId ?? search.get('annonceId'));
  return (
    <div className="flex flex-1 flex-col py-3 md:py-8">
      <h1 className="sr-only">{t(titleKey)}</h1>
      <AnnonceWizard
        key={annonceId ?? 'new'}
        annonceId={annonceId}
        onIdentityRequired={() => openIdentityDialog('toSubmit')}
      />
    </div>
  );
}

export function AnnonceCreateRoute() {
  return <AnnonceWizardRoute titleKey="page.annonceCreate.title" />;
}

export function AnnonceEditRoute() {
  return <AnnonceWizardRoute titleKey="page.annonceEdit.title" />;
}
