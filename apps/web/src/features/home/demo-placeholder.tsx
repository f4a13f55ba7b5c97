import { Skeleton } from '@/components/ui/skeleton';

export const DEMO_HEADING = 'See a referral in action';
export const DEMO_INTRO = 'Follow one hire from search to bonus. Choose a step, or use Previous and Next.';

/** What the demo section shows until its interactive walkthrough has loaded. */
export function DemoPlaceholder() {
  return (
    <section aria-labelledby="demo-heading-placeholder" className="border-y bg-muted/60" aria-busy="true">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 md:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="demo-heading-placeholder" className="text-3xl font-semibold tracking-tight text-balance">
            {DEMO_HEADING}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">{DEMO_INTRO}</p>
        </div>
        <Skeleton className="mt-12 h-[32rem] w-full rounded-xl md:h-[26rem]" />
      </div>
    </section>
  );
}
