import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { loginPath } from '@referwell/shared/rules/auth';

/** Layout route for the protected screens (SPEC §2): visitors go to /login with the path to come back to. */
export function RequireAuth() {
  const { isLoading, isLoggedIn } = useSession();
  const location = useLocation();

  if (isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Checking your session..." />
      </div>
    );
  }
  if (!isLoggedIn) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}
