import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { sessionQueryOptions } from '@/lib/session';
import { isApiError, isRefusal } from '@/lib/api';
import { useHydrated } from '@/lib/use-hydrated';
import { afterPartsHydrate } from '@/components/hydrate-on-intent';

// Toasts only follow something the user did, so the toaster loads after the page, not with it.
const Toaster = lazy(() => import('@/components/ui/sonner').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  // Mounted after hydration only: a suspended lazy component in prerendered HTML would make React
  // throw away that part of the page and report an error.
  if (!useHydrated()) return null;
  // Beside the app, not in it: a modal dialog hides the rest of the page from assistive technology (aria-hidden on
  // everything but live regions there when it opens), and a toaster that loaded after the dialog opened was hidden
  // with the app, so what a dialog's action raised ('already referred') was never announced.
  return createPortal(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
    document.body,
  );
}

function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // A 401 on any other query means the session ended (expired, or logged out in another tab):
    // asking again who is logged in lets the route guard send the user to log in.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error, 401) && query.queryKey[0] !== 'auth') {
          void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !isRefusal(error) && count < 2,
      },
    },
  });
  return queryClient;
}

/** Everything around the router, the same in the browser and in the prerender step. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  // Tells tests (and anyone curious) that the page now responds to input, its parts hydrated on intent included.
  useEffect(() => {
    afterPartsHydrate(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
