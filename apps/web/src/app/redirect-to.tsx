import { Navigate, useLocation, useParams } from 'react-router';

/** Replaces the address with `to`, filling in its ':name' parts from this route's parameters and keeping the query. */
export function RedirectTo({ to }: { to: string }) {
  const params = useParams();
  const { search } = useLocation();
  const [path = '', hash] = to.split('#');
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return <Navigate to={`${filled}${search}${hash ? `#${hash}` : ''}`} replace />;
}
