import { useSearchParams } from 'react-router';
import { FoundLinkScreen } from '@/features/annonces/components/found/found-link-screen';

/** /annonce/found?token=… (issue 19): open to everyone, the token is the proof. */
export function AnnonceFoundRoute() {
  const [params] = useSearchParams();
  return <FoundLinkScreen token={params.get('token') ?? ''} />;
}
