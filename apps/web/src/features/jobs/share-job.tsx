import { useQuery } from '@tanstack/react-query';
import { Link2, Mail, Share2 } from 'lucide-react';
import { SHARE_MESSAGES, type Job } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { copyWithToast } from '@/lib/clipboard';
import { jobShareLinkQueryOptions } from './api';

/** Copy link, LinkedIn and e-mail for an open job. A member of its company shares with their referral code. */
export function ShareJob({ job }: { job: Job }) {
  const { user } = useSession();
  const { data } = useQuery({ ...jobShareLinkQueryOptions(job.id), enabled: !!user && job.status === 'OPEN' });
  if (job.status !== 'OPEN') return null;
  const url = data?.url ?? `${window.location.origin}/job/${job.id}`;
  const withCode = !!data?.referralCode;
  const subject = `${job.title} at ${job.companyName}`;
  const mailto = `mailto:?${new URLSearchParams({
    subject,
    body: `I thought you might like this job on Referwell:\n\n${subject}\n${url}`,
  })
    .toString()
    .replaceAll('+', '%20')}`;
  const linkedIn = `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}`;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="text-sm font-semibold">Share this job</h2>
        {withCode ? <p className="text-sm text-muted-foreground">Your link carries your referral code.</p> : null}
        <Button
          variant="outline"
          className="w-full"
          onClick={() =>
            void copyWithToast(
              url,
              SHARE_MESSAGES.copied,
              withCode ? SHARE_MESSAGES.copiedWithCode : SHARE_MESSAGES.copiedPlain,
            )
          }
        >
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
