import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Link2, Mail, Share2 } from 'lucide-react';
import { useState } from 'react';
import { SHARE_MESSAGES, type Job } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSession } from '@/lib/session';
import { copyWithToast } from '@/lib/clipboard';
import { jobShareLinkQueryOptions } from './api';

type SharedJob = Pick<Job, 'id' | 'title' | 'companyName'>;

/**
 * Where a job is shared, one way for the job page's card and the menus of the jobs board and the dashboard: the
 * link (a company member's carries their referral code), LinkedIn's share page and an e-mail draft.
 */
function shareTargets(job: SharedJob, link: { url?: string; referralCode?: string | null } | undefined) {
  const url = link?.url ?? `${window.location.origin}/job/${job.id}`;
  const withCode = !!link?.referralCode;
  const subject = `${job.title} at ${job.companyName}`;
  const mailto = `mailto:?${new URLSearchParams({
    subject,
    body: `I thought you might like this job on Referwell:\n\n${subject}\n${url}`,
  })
    .toString()
    .replaceAll('+', '%20')}`;
  const linkedIn = `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`;
  const copy = () =>
    void copyWithToast(
      url,
      SHARE_MESSAGES.copied,
      withCode ? SHARE_MESSAGES.copiedWithCode : SHARE_MESSAGES.copiedPlain,
    );
  return { url, withCode, mailto, linkedIn, copy };
}

/** Copy link, LinkedIn and e-mail for an open job. A member of its company shares with their referral code. */
export function ShareJob({ job }: { job: Job }) {
  const { user } = useSession();
  const { data } = useQuery({ ...jobShareLinkQueryOptions(job.id), enabled: !!user && job.status === 'OPEN' });
  if (job.status !== 'OPEN') return null;
  const { withCode, mailto, linkedIn, copy } = shareTargets(job, data);
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="text-sm font-semibold">Share this job</h2>
        {withCode ? <p className="text-sm text-muted-foreground">Your link carries your referral code.</p> : null}
        <Button variant="outline" className="w-full" onClick={copy}>
          <Link2 aria-hidden />
          Copy link
        </Button>
        <div className="grid grid-cols-2 gap-3">
          <Button asChild variant="outline">
            <a href={linkedIn} target="_blank" rel="noopener noreferrer">
              <Share2 aria-hidden />
              LinkedIn
              <span className="sr-only">(share on LinkedIn, opens in a new tab)</span>
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={mailto}>
              <Mail aria-hidden />
              E-mail
              <span className="sr-only">(share by e-mail)</span>
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** "Share" as a small menu (jobs board, roles to refer): the link with the member's referral code is read on open. */
export function ShareJobMenu({ job, size = 'sm' }: { job: SharedJob; size?: 'sm' | 'default' }) {
  const [open, setOpen] = useState(false);
  const { data } = useQuery({ ...jobShareLinkQueryOptions(job.id), enabled: open });
  const { mailto, linkedIn, copy } = shareTargets(job, data);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size={size}>
          <Share2 aria-hidden />
          Share
          <span className="sr-only"> {job.title}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={copy}>
          <Link2 aria-hidden />
          Copy link
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={linkedIn} target="_blank" rel="noopener noreferrer">
            <Share2 aria-hidden />
            Share on LinkedIn
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={mailto}>
            <Mail aria-hidden />
            Share by e-mail
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
