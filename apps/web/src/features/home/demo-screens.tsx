import { Briefcase, Check, CircleDollarSign, MapPin, MessageSquare, PartyPopper, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/*
 * The illustrated mock screens of the product demo: plain divs styled like the real app, with
 * fictional people and companies. Nothing here is interactive or loaded from the network; the demo
 * wraps each screen in role="img" with a text description.
 */

function MockButton({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md bg-primary px-3 text-xs font-medium text-primary-foreground shadow-xs',
        className,
      )}
    >
      {children}
    </span>
  );
}

function MockBadge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-transparent bg-secondary px-2 py-0.5 text-[11px] font-semibold text-secondary-foreground',
        className,
      )}
    >
      {children}
    </span>
  );
}

function MockAvatar({ initials }: { initials: string }) {
  return (
    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
      {initials}
    </span>
  );
}

/** A ring marks the element the step is about. */
function Highlight({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('relative rounded-lg ring-2 ring-primary ring-offset-2', className)}>{children}</div>;
}

export function FindJobScreen() {
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm">
        <Search className="size-4 text-muted-foreground" />
        <span>FHIR integration engineer</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <MockBadge>Remote</MockBadge>
        <MockBadge>Full-time</MockBadge>
        <MockBadge className="bg-primary text-primary-foreground">Has Internal Referrer</MockBadge>
      </div>
      <Highlight>
        <div className="rounded-lg border bg-card p-4">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold">Senior FHIR Integration Engineer</p>
              <p className="text-sm text-muted-foreground">Brightpath Health</p>
            </div>
            <MockBadge className="bg-status-completed/15 text-[color:color-mix(in_oklch,var(--color-status-completed)_60%,black)]">
              92% match
            </MockBadge>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-4 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3" /> Remote
            </span>
            <span className="inline-flex items-center gap-1">
              <Briefcase className="size-3" /> Full-time
            </span>
          </div>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs font-medium text-primary">2 employees can refer you</span>
            <MockButton>Find a Referrer</MockButton>
          </div>
        </div>
      </Highlight>
      <div className="rounded-lg border border-dashed bg-muted/50 p-4">
        <p className="font-semibold">Clinical Informatics Analyst</p>
        <p className="text-sm text-muted-foreground">Tidewater Clinical Cloud · Hybrid</p>
      </div>
    </div>
  );
}

export function AskReferralScreen() {
  return (
    <div className="grid gap-4">
      <p className="text-sm font-semibold">Referrers at Brightpath Health</p>
      <Highlight>
        <div className="flex flex-wrap items-center gap-4 rounded-lg border bg-card p-4">
          <MockAvatar initials="PN" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">Priya Nair</p>
            <p className="text-xs text-muted-foreground">Staff Integration Engineer</p>
          </div>
          <MockButton>Request Referral</MockButton>
        </div>
      </Highlight>
      <div className="flex items-center gap-4 rounded-lg border border-dashed bg-muted/50 p-4">
        <MockAvatar initials="MJ" />
        <div className="min-w-0">
          <p className="font-semibold">Marcus Johnson</p>
          <p className="text-xs text-muted-foreground">Product Manager</p>
        </div>
      </div>
      <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm text-primary-foreground">
        <p className="mb-1 flex items-center gap-1 text-xs font-semibold">
          <MessageSquare className="size-3" /> Sam Rivera
        </p>
        Hi Priya, I have built FHIR interfaces at a regional health information exchange for three years. Would you
        refer me for the Senior FHIR Integration Engineer role?
      </div>
    </div>
  );
}

export function ReferWithNoteScreen() {
  return (
    <div className="mx-auto grid max-w-md gap-4 rounded-xl border bg-card p-4 shadow-md sm:p-6">
      <div>
        <p className="text-lg font-semibold">Refer Sam Rivera</p>
        <p className="text-xs text-muted-foreground">Your note is shared with the hiring team.</p>
      </div>
      <div className="grid gap-1">
        <span className="text-xs font-medium">Job position</span>
        <span className="rounded-md border border-input bg-background px-3 py-2 text-sm">
          Senior FHIR Integration Engineer
        </span>
      </div>
      <Highlight>
        <div className="grid gap-1 rounded-lg p-1">
          <span className="text-xs font-medium">Notes</span>
          <span className="rounded-md border border-input bg-background px-3 py-2 text-sm leading-6">
            Sam and I worked together on a lab interface migration. Strong with FHIR R4 and US Core, and great at
            explaining integrations to clinicians.
          </span>
        </div>
      </Highlight>
      <div className="flex justify-end gap-2">
        <span className="inline-flex h-8 items-center rounded-md border border-input px-3 text-xs font-medium">
          Cancel
        </span>
        <MockButton>Refer</MockButton>
      </div>
    </div>
  );
}

export function HiredScreen() {
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-2 rounded-lg border border-status-completed/40 bg-status-completed/10 px-4 py-2 text-sm">
        <PartyPopper className="size-4 shrink-0 text-primary" />
        <span>Sam Rivera accepted the offer from Brightpath Health.</span>
      </div>
      <div className="rounded-lg border bg-card p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Recent referrals</p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <MockAvatar initials="SR" />
            <div>
              <p className="text-sm font-semibold">Sam Rivera</p>
              <p className="text-xs text-muted-foreground">Senior FHIR Integration Engineer</p>
            </div>
          </div>
          <MockBadge className="border-status-hired/40 bg-status-hired/15 text-[color:color-mix(in_oklch,var(--color-status-hired)_60%,black)]">
            Hired
          </MockBadge>
        </div>
      </div>
      <Highlight>
        <div className="flex items-center gap-4 rounded-lg border bg-card p-4">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <CircleDollarSign className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">Referral bonus for Priya Nair</p>
            <p className="text-xs text-muted-foreground">Brightpath Health's standard employee referral bonus</p>
          </div>
          <MockBadge className="bg-primary text-primary-foreground">
            <Check className="size-3" /> Paid
          </MockBadge>
        </div>
      </Highlight>
    </div>
  );
}
