import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { REFERRAL_REQUEST_STATUS_LABELS, type ReferralRequestStatus } from '@referwell/shared';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonProps } from '@/components/ui/button';
import { MessageButton, type MessageContext } from '@/features/messaging/port';

/** Referral and request statuses share the badge colours of the theme (a closed request is grey, like a draft). */
export function StatusBadge({ status }: { status: ReferralRequestStatus }) {
  return <Badge variant={status === 'closed' ? 'draft' : status}>{REFERRAL_REQUEST_STATUS_LABELS[status]}</Badge>;
}

/** Back to where the user came from, or `fallback` when the page was opened directly. */
export function GoBackButton({
  fallback = '/',
  label = 'Go Back',
  ...props
}: { fallback?: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      onClick={() => {
        // React Router stores its history index; 0 means this page is the first one of the tab.
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        void (index > 0 ? navigate(-1) : navigate(fallback));
      }}
    >
      <ArrowLeft aria-hidden />
      {label}
    </Button>
  );
}

/** A full-width centred message (empty, missing or not found), with an action under it. */
export function CenteredState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="text-muted-foreground [&_svg]:size-12">{icon}</span>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      {children ? <div className="mt-2 text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-8">{action}</div> : null}
    </section>
  );
}

/** Opens a conversation with someone (the messaging feature's MessageButton). */
export function MessageLink({
  userId,
  label = 'Message',
  variant = 'outline',
  className,
  context,
  subject,
}: {
  userId: string;
  label?: string;
  variant?: ButtonProps['variant'];
  className?: string;
  context?: MessageContext;
  subject?: string;
}) {
  return (
    <MessageButton
      userId={userId}
      label={label}
      variant={variant}
      className={className}
      {...(context ? { context } : {})}
      {...(subject ? { subject } : {})}
    />
  );
}

/** One labelled fact in a referral's details (an icon, a label and its value). */
export function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd are the item's direct children (a dl allows nothing else); the icon sits inside the dt.
    <div className="relative min-w-0 pl-7">
      <dt className="text-sm text-muted-foreground">
        <span className="absolute top-0.5 left-0 [&>svg]:size-4" aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
