import { Mail } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SessionCompany, SessionUser } from '@referwell/shared';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyableCode } from '@/components/copyable-code';
import { firstName, initials } from '@/lib/names';

export function roleLabel(user: SessionUser, company: SessionCompany | null): string {
  if (user.type === 'jobseeker') return 'Job Seeker';
  return company?.role === 'companyAdmin' ? 'Company Admin' : 'Referrer';
}

const welcomedKey = (userId: string) => `rw:welcomed:${userId}`;

/**
 * Whether this person has seen their dashboard before (in this browser): 'Welcome back' is for returning people,
 * a first visit says 'Welcome'. Read once per mount, so the greeting does not change under them.
 */
function useReturning(userId: string): boolean {
  const [returning] = useState(() => {
    try {
      return window.localStorage.getItem(welcomedKey(userId)) !== null;
    } catch {
      return true; // storage blocked: the neutral assumption for a signed-in person
    }
  });
  useEffect(() => {
    try {
      window.localStorage.setItem(welcomedKey(userId), '1');
    } catch {
      // storage blocked: nothing to remember
    }
  }, [userId]);
  return returning;
}

export function WelcomeHeader({ user, subtitle }: { user: SessionUser; subtitle: ReactNode }) {
  const returning = useReturning(user.id);
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-semibold tracking-tight">
        {returning ? 'Welcome back' : 'Welcome'}, {firstName(user.name)}
      </h1>
      <p className="mt-2 text-muted-foreground">{subtitle}</p>
    </header>
  );
}

export function ProfileCard({
  user,
  company,
  action,
}: {
  user: SessionUser;
  company: SessionCompany | null;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your profile</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar className="size-14">
            {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
            <AvatarFallback className="bg-accent text-base text-accent-foreground">
              {initials(user.name)}
            </AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="truncate font-medium">{user.name}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            <Badge variant="secondary" className="mt-1">
              {roleLabel(user, company)}
            </Badge>
          </div>
        </div>
        {action}
      </CardContent>
    </Card>
  );
}

export function InviteCard({ user }: { user: SessionUser }) {
  const code = user.referralCode;
  const signupUrl = `${window.location.origin}/signup?role=jobseeker`;
  const mailto = code
    ? `mailto:?subject=${encodeURIComponent('Join me on Referwell')}&body=${encodeURIComponent(
        `I'm using Referwell to get referred to jobs in healthcare technology. Sign up at ${signupUrl} and use my invite code ${code}.`,
      )}`
    : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invite friends</CardTitle>
        <CardDescription>Share your invite code with friends who are looking for their next role.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {code ? (
          <>
            <CopyableCode
              id="referral-code"
              code={code}
              label="Your invite code"
              toastTitle="Copied!"
              toastDescription="Referral code copied to clipboard"
            />
            {mailto ? (
              <Button asChild variant="secondary" className="w-full sm:w-fit">
                <a href={mailto}>
                  <Mail aria-hidden />
                  Share by Email
                </a>
              </Button>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Your invite code is not ready yet. Check back soon.</p>
        )}
      </CardContent>
    </Card>
  );
}
