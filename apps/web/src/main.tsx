import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/app';
import { routes } from './app/routes';
import './styles.css';

/**
 * A prerendered page arrives with its markup in #root: load the lazy route modules it
 * matched before hydrating, so the first client render equals the server's HTML. False when
 * one could not be fetched (the router meets the failure again, route-error-boundary.tsx).
 */
async function resolveLazyMatches(): Promise<boolean> {
  const matches = matchRoutes(routes, window.location) ?? [];
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
    return true;
  } catch {
    return false;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (container.dataset.serverRendered) {
  // A page the server rendered per request (a job, a company): its markup is not the app's, so the app replaces
  // it rather than hydrating, starting from the API answers the page carries (no spinner in between). Without its
  // code the page stays as the server rendered it.
  if (await resolveLazyMatches())
    createRoot(container).render(
      <StrictMode>
        <App router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
} else if (container.hasChildNodes()) {
  // Without its code a prerendered page stays as it was served: its links and forms work without the script.
  if (await resolveLazyMatches())
    hydrateRoot(
      container,
      <StrictMode>
        <App router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
} else {
  createRoot(container).render(
    <StrictMode>
      <App router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
