import { Navigate, useSearchParams } from 'react-router';
import { openAppRoute } from '../deep-link';

/** #/openapp?id=N → the announcement, keeping the other parameters; without id → / (docs/product/accounts.md §2). */
export function OpenAppRoute() {
  const [searchParams] = useSearchParams();
  return <Navigate to={openAppRoute(searchParams)} replace />;
}
