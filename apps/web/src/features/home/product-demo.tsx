import { ArrowLeft, ArrowRight, RotateCcw } from 'lucide-react';
import { useId, useState, type ComponentType } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { DEMO_HEADING, DEMO_INTRO } from './demo-placeholder';
import { AskReferralScreen, FindJobScreen, HiredScreen, ReferWithNoteScreen } from './demo-screens';

export interface DemoStep {
  id: string;
  /** The tab label. */
  label: string;
  title: string;
  text: string;
  /** The path shown in the mock address bar. */
  path: string;
  /** What the illustration shows, for people who cannot see it. */
  screenDescription: string;
  Screen: ComponentType;
}

export const DEMO_STEPS: readonly DemoStep[] = [
  {
    id: 'find',
    label: 'Find a job',
    title: 'A job seeker finds a job',
    text: "Sam searches for FHIR roles and filters for jobs where an employee is ready to refer. Each job shows how well it matches Sam's skills.",
    path: '/search-jobs',
    screenDescription:
      'Job search results for "FHIR integration engineer" filtered to jobs with an internal referrer. The Senior FHIR Integration Engineer role at Brightpath Health is a 92% match, and two employees can refer.',
    Screen: FindJobScreen,
  },
  {
    id: 'ask',
    label: 'Ask for a referral',
    title: 'They ask an employee for a referral',
    text: 'Sam picks Priya, an integration engineer at Brightpath Health, and sends a short, personal request explaining why the role is a fit.',
    path: '/company/brightpath-health/referrers',
    screenDescription:
      "A list of referrers at Brightpath Health with a Request Referral button next to Priya Nair, and Sam's message asking Priya for a referral.",
    Screen: AskReferralScreen,
  },
  {
    id: 'refer',
    label: 'Refer with a note',
    title: 'The referrer refers them with a note',
    text: "Priya knows Sam's work, so she refers Sam for the role and adds a note the hiring team will read alongside the application.",
    path: '/search-candidates',
    screenDescription:
      "The referral form for Sam Rivera, with the Senior FHIR Integration Engineer position selected and Priya's note about working with Sam on a lab interface migration.",
    Screen: ReferWithNoteScreen,
  },
  {
    id: 'hire',
    label: 'Hire and reward',
    title: 'The company hires and pays the bonus',
    text: "Brightpath Health interviews Sam and makes an offer. Sam accepts, and Priya receives the company's standard referral bonus.",
    path: '/referrer-dashboard',
    screenDescription:
      "Priya's dashboard shows Sam Rivera's referral with the status Hired, and her referral bonus marked as paid.",
    Screen: HiredScreen,
  },
];

/**
 * An interactive, offline walkthrough of the referral flow. The steps are tabs (arrow keys move
 * between them), and Previous and Next buttons step through in order; a live status line announces
 * the current step. Each step pairs a short explanation with an illustrated mock screen.
 */
export function ProductDemo() {
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const count = DEMO_STEPS.length;
  const current = DEMO_STEPS[index] ?? DEMO_STEPS[0];
  const isFirst = index === 0;
  const isLast = index === count - 1;

  const goTo = (next: number) => setIndex(Math.min(Math.max(next, 0), count - 1));

  return (
    <section aria-labelledby={headingId} className="border-y bg-muted/60">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 md:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-semibold tracking-tight text-balance">
            {DEMO_HEADING}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">{DEMO_INTRO}</p>
        </div>

        <Tabs
          value={current?.id}
          onValueChange={(id) => goTo(DEMO_STEPS.findIndex((step) => step.id === id))}
          className="mt-12 gap-6"
        >
          <TabsList aria-label="Demo steps" className="grid h-auto w-full grid-cols-2 gap-1 md:grid-cols-4">
            {DEMO_STEPS.map((step, stepIndex) => (
              <TabsTrigger
                key={step.id}
                value={step.id}
                aria-label={`Step ${stepIndex + 1}: ${step.label}`}
                className="h-auto justify-start gap-2 whitespace-normal py-2 text-left"
              >
                <span
                  aria-hidden
                  className="inline-flex size-6 shrink-0 items-center justify-center rounded-full border border-current text-xs"
                >
                  {stepIndex + 1}
                </span>
                <span>{step.label}</span>
              </TabsTrigger>
            ))}
          </TabsList>

          {DEMO_STEPS.map((step, stepIndex) => (
            <TabsContent
              key={step.id}
              value={step.id}
              className="grid items-start gap-8 data-[state=active]:animate-fade-in motion-reduce:animate-none md:grid-cols-5"
            >
              <div className="md:col-span-2 md:pt-4">
                <p className="text-sm font-semibold text-primary">
                  Step {stepIndex + 1} of {count}
                </p>
                <h3 className="mt-2 text-2xl font-semibold tracking-tight">{step.title}</h3>
                <p className="mt-4 text-muted-foreground">{step.text}</p>
              </div>
              <div
                role="img"
                aria-label={step.screenDescription}
                className="overflow-hidden rounded-xl border bg-background shadow-sm md:col-span-3"
              >
                <div aria-hidden className="flex items-center gap-2 border-b bg-muted px-4 py-2">
                  <span className="size-2.5 rounded-full bg-border" />
                  <span className="size-2.5 rounded-full bg-border" />
                  <span className="size-2.5 rounded-full bg-border" />
                  <span className="ml-2 min-w-0 flex-1 truncate rounded-md bg-background px-3 py-1 font-mono text-xs text-muted-foreground">
                    {step.path}
                  </span>
                </div>
                <div aria-hidden className="min-h-80 p-4 sm:p-6">
                  <step.Screen />
                </div>
              </div>
            </TabsContent>
          ))}
        </Tabs>

        {/* Phones: the step indicator above the two buttons; wider screens: all three in one row. */}
        <div className="mt-8 grid grid-cols-2 items-center gap-4 sm:grid-cols-[1fr_auto_1fr]">
          <Button
            variant="outline"
            className="row-start-2 justify-self-start sm:row-start-1"
            aria-disabled={isFirst}
            onClick={() => {
              if (!isFirst) goTo(index - 1);
            }}
          >
            <ArrowLeft aria-hidden />
            Previous
          </Button>
          <div className="col-span-2 row-start-1 flex flex-col items-center gap-2 sm:col-span-1">
            <div aria-hidden className="flex gap-2">
              {DEMO_STEPS.map((step, stepIndex) => (
                <span
                  key={step.id}
                  className={cn(
                    'h-2 rounded-full transition-all motion-reduce:transition-none',
                    stepIndex === index ? 'w-6 bg-primary' : 'w-2 bg-border',
                  )}
                />
              ))}
            </div>
            <p role="status" className="text-sm text-muted-foreground">
              {`Step ${index + 1} of ${count}`}
              <span className="sr-only">{`: ${current?.title ?? ''}`}</span>
            </p>
          </div>
          <Button className="row-start-2 justify-self-end sm:row-start-1" onClick={() => goTo(isLast ? 0 : index + 1)}>
            {isLast ? (
              <>
                <RotateCcw aria-hidden />
                Start over
              </>
            ) : (
              <>
                Next
                <ArrowRight aria-hidden />
              </>
            )}
          </Button>
        </div>
      </div>
    </section>
  );
}
