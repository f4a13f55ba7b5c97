import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ownSessionEnd, useSession } from '@/lib/session';
import { loginPath } from '@referwell/shared/rules/auth';
import { APP_ROUTES } from '@referwell/shared/routes';

/**
 * Layout route for the protected screens (SPEC §2): visitors go to /login with the path to come back to. A session
 * that ends while the user is already leaving (deleting the account moves to the home page as the server ends every
 * session and closes the realtime socket) lets that navigation finish instead of sending them to the login form.
 */
export function RequireAuth() {
  const { isLoading, isLoggedIn, twoFactorSetupRequired } = useSession();
  const location = useLocation();
  const leaving = useNavigation().state !== 'idle';

  if (isLoading || (!isLoggedIn && (leaving || ownSessionEnd.active))) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Checking your session..." />
      </div>
    );
  }
  if (!isLoggedIn) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  // An admin whose company requires two-factor sets it up before anything else (the server refuses the rest).
  if (twoFactorSetupRequired && location.pathname !== `/${APP_ROUTES.settings}`) {
    return <Navigate to={`/${APP_ROUTES.settings}#two-factor`} replace />;
  }
  return <Outlet />;
}
