import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useHashScroll } from '@/lib/use-hash-scroll';
import { useSession } from '@/lib/session';
import { DocumentMeta } from '../document-meta';
import { Footer } from './footer';
import { Header } from './header';

// Only signed-in people can have an address to confirm: visitors (the prerendered public pages) never load it.
const ConfirmEmailBanner = lazy(() =>
  import('@/features/settings/confirm-email-banner').then((m) => ({ default: m.ConfirmEmailBanner })),
);

// A company's admins are warned on every page while its plan's payment has failed.
const PastDueBanner = lazy(() =>
  import('@/features/billing/past-due-banner').then((m) => ({ default: m.PastDueBanner })),
);

function SignedInBanner() {
  const { user, company } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmEmailBanner />
      {company?.role === 'companyAdmin' ? <PastDueBanner /> : null}
    </Suspense>
  );
}

export function RootLayout() {
  const navigation = useNavigation();
  useHashScroll();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        // The link alone would only scroll (the router sees a hash change); focus goes to main, so the next Tab starts there.
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      <SignedInBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none" aria-busy={navigation.state === 'loading'}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
      <DocumentMeta />
    </div>
  );
}

function PageSpinner() {
  return (
    <div className="flex justify-center py-24">
      <Spinner />
    </div>
  );
}
