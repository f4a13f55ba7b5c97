import { hydrateOnIntent } from '@/components/hydrate-on-intent';
import type { PageMeta } from '@/lib/page-meta';

export const meta: PageMeta = {
  title: 'Sign up',
  description: 'Create your Referwell account to get referred, refer great people, or hire through your team.',
};

/** The form, react-hook-form and the auth calls: hydrated on the first touch or when the browser is idle. */
const SignupForm = hydrateOnIntent(() => import('./signup-form').then((m) => ({ default: m.SignupForm })));

/**
 * /signup, prerendered (ADR 0007). Its first load is the page alone (bench/bundle-budget.ts); the form's code follows
 * on intent or idle (ADR 0047), and until then the prerendered form posts as plain HTML with every field (ADR 0017).
 */
export function SignupPage() {
  return <SignupForm />;
}
