import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last line of defence when a route throws while rendering or loading. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
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
