/**
 * First-load JavaScript per route, from the Vite manifest of the built web app: the entry
 * chunk and its static imports, plus the route's lazy module and its static imports, each
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
  /** Source path of the route's lazy module, as the manifest names it. */
  module: string;
  budgetKb: number;
}

export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/', module: 'src/features/home/home-page.tsx', budgetKb: 150 },
  { route: '/how-it-works', module: 'src/features/content/how-it-works-job-seekers-page.tsx', budgetKb: 150 },
  // Every article's text ships with the article page (listings need all titles): ~21 KB of it.
  { route: '/resources/job-seekers/articles/:slug', module: 'src/features/content/article-page.tsx', budgetKb: 170 },
  // Form pages carry react-hook-form (~13 KB gzip). Their zod schema comes when the form is first checked
  // (lazyZodResolver), sonner with the first toast, and sign-up's role is a native select: waitlist 198 → 164 KB,
  // login 199 → 165 KB, sign-up 236 → 171 KB (issue 38).
  { route: '/waitlist', module: 'src/features/waitlist/waitlist-page.tsx', budgetKb: 170 },
  { route: '/login', module: 'src/features/auth/login-page.tsx', budgetKb: 170 },
  // +5 KB for the password strength meter, which checks the same common-password list as the server.
  { route: '/signup', module: 'src/features/auth/signup-page.tsx', budgetKb: 176 },
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
    const routeKey = Object.keys(manifest).find((key) => key.endsWith(budget.module));
    if (routeKey) closure(manifest, routeKey, keys);
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
    return {
      route: budget.route,
      found: !!routeKey,
      files: files.length,
      gzipKb: Math.round(kb * 10) / 10,
      budgetKb: budget.budgetKb,
      ok: !!routeKey && kb <= budget.budgetKb,
    };
  });
}
