import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { SessionResponse } from '@referwell/shared';
import { Toaster } from '@/components/ui/sonner';
import { sessionQueryOptions } from '@/lib/session';

export const visitorSession: SessionResponse = { user: null, company: null, prelaunch: false };

/** Renders routes in a memory router with a fresh query cache already holding `session`. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', session = visitorSession }: { path?: string; session?: SessionResponse | null } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (session) queryClient.setQueryData(sessionQueryOptions.queryKey, session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A JSON response for a stubbed fetch. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
