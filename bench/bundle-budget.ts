/**
 * First-load JavaScript per route, from the Vite manifest of the built web app: the entry
 * chunk and its static imports, plus the route's lazy modules and their static imports, each
 * file counted once and measured gzipped (level 9, close to what browsers receive).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  route: string;
  /** Source paths of the modules the route's lazy loader imports, as the manifest names them. */
  modules: string[];
  budgetKb: number;
}

export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/', modules: ['src/features/home/home-page.tsx'], budgetKb: 150 },
  { route: '/how-it-works', modules: ['src/features/content/how-it-works-job-seekers-page.tsx'], budgetKb: 150 },
  // An article's page loads its own text only (the longest article here); listings carry the cards alone.
  {
    route: '/resources/job-seekers/articles/:slug',
    modules: [
      'src/features/content/article-page.tsx',
      'src/features/content/articles/job-seekers/personal-branding.ts',
    ],
    budgetKb: 150,
  },
  // Every budget is issue 38's 150 KB. The waitlist carries react-hook-form (~13 KB gzip), which hydrating its form
  // needs, and the house form parts (vite.config.ts FORM_KIT). The log-in and sign-up pages load their form's code
  // (react-hook-form, the house form, the auth texts) on the first touch or when the browser is idle
  // (components/hydrate-on-intent.tsx, ADR 0047); until then their prerendered form posts as plain HTML. A zod schema
  // comes when a form is first checked (lazyZodResolver), sonner with the first toast (docs/benchmarks.md ¹).
  { route: '/waitlist', modules: ['src/features/waitlist/waitlist-page.tsx'], budgetKb: 150 },
  { route: '/login', modules: ['src/features/auth/login-page.tsx'], budgetKb: 150 },
  { route: '/signup', modules: ['src/features/auth/signup-page.tsx'], budgetKb: 150 },
];

function closure(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
}

export function measureRoutes(webDist: string) {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length / 1024;

  return ROUTE_BUDGETS.map((budget) => {
    const keys = new Set<string>();
    closure(manifest, entryKey, keys);
    const routeKeys = budget.modules.map((module) => Object.keys(manifest).find((key) => key.endsWith(module)));
    for (const routeKey of routeKeys) if (routeKey) closure(manifest, routeKey, keys);
    const found = routeKeys.every(Boolean);
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
    return {
      route: budget.route,
      found,
      files: files.length,
      gzipKb: Math.round(kb * 10) / 10,
      budgetKb: budget.budgetKb,
      ok: found && kb <= budget.budgetKb,
    };
  });
}
