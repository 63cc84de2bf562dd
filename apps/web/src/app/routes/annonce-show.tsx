import { useParams } from 'react-router';
import { AnnonceShow } from '@/features/annonces/components/annonce-show';

/** /annonce/show/:annonceId. */
export function AnnonceShowRoute() {
  const { annonceId } = useParams();
  const id = annonceId && /^\d{1,10}$/.test(annonceId) ? Number(annonceId) : null;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 md:py-10">
      <AnnonceShow key={id ?? 'none'} annonceId={id} />
    </div>
  );
}
