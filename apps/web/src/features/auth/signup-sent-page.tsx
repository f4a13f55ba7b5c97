import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@referwell/shared/rules/auth-texts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { AuthCard } from '@/components/auth-card';
import type { PageMeta } from '@/lib/page-meta';
import { usePageTitle } from '@/lib/use-page-title';

export const meta: PageMeta = {
  title: 'Check your e-mail',
  description: 'We sent you a link to finish creating your Referwell account.',
  indexable: false,
};

/**
 * "Check your e-mail" after a sign-up (issue 40, finding 9): the same whether or not the address has an account. The
 * sign-up page shows it once the JSON sign-up answers 202; the plain form post lands on /signup/sent (ADR 0017).
 */
export function SignupSentCard({ loginTarget = '/login' }: { loginTarget?: string }) {
  return (
    <AuthCard
      title="Check your e-mail"
      footer={
        <p>
          Already have an account?{' '}
          <Link to={loginTarget} className="font-medium text-primary hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <Alert role="status">
        <AlertTitle>We sent you a link</AlertTitle>
        <AlertDescription>
          <p>{AUTH_MESSAGES.signupCheckEmail}</p>
          <p>{AUTH_MESSAGES.signupLinkHint}</p>
        </AlertDescription>
      </Alert>
    </AuthCard>
  );
}

/** Where the sign-up's plain form post lands (prerendered, noindex). */
export function SignupSentPage() {
  usePageTitle(meta.title);
  return <SignupSentCard />;
}
