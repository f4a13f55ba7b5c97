import { Handshake, Network, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';
import { Button } from '@/components/ui/button';
import { FeatureGrid } from '@/components/feature-grid';
import type { PageMeta } from '@/lib/page-meta';
import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { DemoPlaceholder } from './demo-placeholder';

// The walkthrough sits below the hero and is interactive only: it loads after the page, keeping
// the first load within its budget. Prerendered HTML carries its heading and a placeholder.
const ProductDemo = lazy(() => import('./product-demo').then((m) => ({ default: m.ProductDemo })));

function LazyProductDemo() {
  // Server and hydrating renders show the placeholder, so the prerendered HTML matches exactly.
  if (!useHydrated()) return <DemoPlaceholder />;
  return (
    <Suspense fallback={<DemoPlaceholder />}>
      <ProductDemo />
    </Suspense>
  );
}

const benefits = [
  {
    icon: Network,
    title: 'Expand Your Network',
    text: 'Meet people who already work at the healthcare technology companies you want to join.',
  },
  {
    icon: Rocket,
    title: 'Fast-Track Your Career',
    text: 'A referral from an employee puts your application in front of the hiring team, not at the bottom of a pile.',
  },
  {
    icon: Handshake,
    title: 'Win-Win Outcomes',
    text: 'Companies hire people their team vouches for, referrers earn their bonus, and you land the role.',
  },
];

export const meta: PageMeta = {
  title: 'Referral-driven hiring for healthcare technology',
  description: `${BRAND.name} connects healthcare technology job seekers with employees who can refer them. Companies hire faster, referrers earn their bonus, and job seekers use it free.`,
};

export function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-accent/70 to-background">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 md:py-28">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Healthcare technology careers</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">
            Get hired through the people who already work there
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">
            {BRAND.name} connects job seekers with employees of hiring companies who can refer them. Companies hire
            faster, referrers earn their bonus, and job seekers use it free.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/waitlist">Join Waitlist</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/how-it-works">
                Learn More <span className="sr-only">about how Referwell works</span>
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <LazyProductDemo />

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="benefits-heading" className="text-center text-3xl font-semibold tracking-tight">
          Why referrals work
        </h2>
        <FeatureGrid features={benefits} className="mt-12" />
      </section>

      <section aria-labelledby="closing-heading" className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
          <h2 id="closing-heading" className="text-3xl font-semibold tracking-tight">
            Ready to get referred?
          </h2>
          <p className="max-w-xl text-primary-foreground/90">
            Join the waitlist for early access, or log in if you already have an account.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to="/waitlist">Join Waitlist</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="ghost"
              className="text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
            >
              <Link to="/login">Log in</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
