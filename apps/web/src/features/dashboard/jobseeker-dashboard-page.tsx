import { Briefcase, Search } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { dashboardPathFor } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';
import { usePageTitle } from '@/lib/use-page-title';
import { InviteCard, ProfileCard, WelcomeHeader } from './dashboard-parts';
import { JobseekerActivity } from './jobseeker-activity';
import { KudosCard, KudosRequestCard } from '@/features/talent/port';
import { SavedSearchesCard } from '@/features/saved-searches/port';

export function JobseekerDashboardPage() {
  usePageTitle('Dashboard');
  const { user, company } = useSession();
  const [searchParams] = useSearchParams();
  const job = searchParams.get('job')?.trim() || null;

  if (!user) return null;
  if (user.type !== 'jobseeker') return <Navigate to={dashboardPathFor(user.type)} replace />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <WelcomeHeader user={user} subtitle="Find a referral for the roles you want and keep your profile up to date." />
      <div className="grid gap-6">
        {job ? (
          <Card className="border-primary/40 bg-accent/40">
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <Briefcase className="size-5 text-primary" aria-hidden />
                You were looking at {job}
              </CardTitle>
              <CardDescription>
                Employees of the hiring company can refer you. Ask one of them for a referral.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <Link to={jobSearchUrl.href({ q: job })}>
                  <Search aria-hidden />
                  Find a referral for this job
                </Link>
              </Button>
            </CardContent>
          </Card>
        ) : null}
        <div className="grid gap-6 md:grid-cols-2">
          <ProfileCard
            user={user}
            company={company}
            action={
              <Button asChild variant="outline" className="w-full sm:w-fit">
                <Link to="/talent-profile">Edit Profile</Link>
              </Button>
            }
          />
          <InviteCard user={user} />
        </div>
        <SavedSearchesCard />
        <JobseekerActivity />
        <div className="grid gap-6 md:grid-cols-2">
          <KudosRequestCard />
          <KudosCard />
        </div>
      </div>
    </div>
  );
}
