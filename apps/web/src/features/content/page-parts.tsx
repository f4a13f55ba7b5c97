import type { LucideIcon } from 'lucide-react';
import { IconTile } from '@/components/feature-grid';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export { FeatureGrid, IconTile, type Feature } from '@/components/feature-grid';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/*
 * The building blocks the public content pages share, so every page speaks the same visual language:
 * a tinted hero that owns the page's only h1, sections with h2 headings, cards with soft borders,
 * and a closing call to action. Spacing stays on an 8 px rhythm (Tailwind steps of 2).
 */

/** The page header: a small eyebrow, the page's h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-accent/70 to-background">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 md:py-24">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p> : null}
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {lead ? <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">{lead}</p> : null}
        {children ? <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">{children}</div> : null}
      </div>
    </section>
  );
}

/** A page section with an h2 heading, labelled by that heading for assistive technology. */
export function ContentSection({
  title,
  intro,
  children,
  className,
  muted = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  /** A light grey band, to separate consecutive sections. */
  muted?: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn(muted && 'bg-muted/60')}>
      <div className={cn('mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8', className)}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-3xl font-semibold tracking-tight text-balance">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted-foreground text-pretty">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

export interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Numbered steps as an ordered list of cards: one column on phones, two on tablets, four on desktops. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="flex">
          <Card className="w-full">
            <CardHeader>
              <div className="flex items-center justify-between gap-4">
                <IconTile icon={step.icon} />
                <span className="text-sm font-semibold text-primary">Step {index + 1}</span>
              </div>
              <CardTitle className="mt-2">{step.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <CardDescription className="text-base">{step.text}</CardDescription>
            </CardContent>
          </Card>
        </li>
      ))}
    </ol>
  );
}

/** The closing band in the primary color: an h2, a sentence and the page's main actions. */
export function CtaBand({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
        <h2 id={headingId} className="text-3xl font-semibold tracking-tight text-balance">
          {title}
        </h2>
        <p className="max-w-xl text-primary-foreground/90 text-pretty">{text}</p>
        <div className="flex w-full flex-col justify-center gap-4 sm:w-auto sm:flex-row">{children}</div>
      </div>
    </section>
  );
}

/** Class names for a ghost-style button that sits on the primary band. */
export const onPrimaryGhost = 'text-primary-foreground hover:bg-white/10 hover:text-primary-foreground';
