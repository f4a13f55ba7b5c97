import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** Every page is its own chunk, so the marketing pages stay light. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import('@/features/home/home-page').then((m) => ({ Component: m.HomePage })) },
      {
        path: 'waitlist',
        lazy: () => import('@/features/waitlist/waitlist-page').then((m) => ({ Component: m.WaitlistPage })),
      },
      { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const router = createBrowserRouter(routes);
