import { hydrateOnIntent } from '@/components/hydrate-on-intent';
import type { PageMeta } from '@/lib/page-meta';
import { usePageTitle } from '@/lib/use-page-title';

export const meta: PageMeta = {
  title: 'Log in',
  description: 'Log in to Referwell to find referrals, refer candidates and manage your team.',
};

/** The form, react-hook-form and the auth calls: hydrated on the first touch or when the browser is idle. */
const LoginForm = hydrateOnIntent(() => import('./login-form').then((m) => ({ default: m.LoginForm })));

/**
 * /login, prerendered (ADR 0007). Its first load is the page alone (bench/bundle-budget.ts); the form's code follows
 * on intent or idle (ADR 0047), and until then the prerendered form posts as plain HTML (ADR 0017).
 */
export function LoginPage() {
  usePageTitle('Log in');
  return <LoginForm />;
}
