import { useEffect, useMemo } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { isFailedImport, mayReloadFor, rememberReload } from '@/lib/failed-import';

/**
 * Last line of defence when a route throws while rendering or loading. A page whose code failed to load (after a
 * release, the tab names chunks the server no longer has) is loaded afresh once, as a full page load of the same
 * address; failing again within a minute, the error is shown.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // Decided per error: the boundary stays mounted when a later navigation fails too.
  const reloading = useMemo(() => isFailedImport(error) && mayReloadFor(window.location.href, sessionStorage), [error]);
  useEffect(() => {
    if (!reloading) return console.error(error);
    rememberReload(window.location.href, sessionStorage);
    window.location.reload();
  }, [error, reloading]);

  if (reloading)
    return (
      <main className="flex min-h-screen items-center justify-center" aria-busy="true">
        <Spinner label="Loading the latest version of this page" />
      </main>
    );
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isFailedImport(error)
      ? 'This page could not be loaded. Check your connection, then reload the page.'
      : 'Something went wrong while showing this page.';
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="mt-2 text-muted-foreground">{detail}</p>
      <div className="mt-6 flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
        >
          Reload the page
        </button>
        <a href="/" className="rounded-md border border-input px-4 py-2 text-sm font-medium hover:bg-muted">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
