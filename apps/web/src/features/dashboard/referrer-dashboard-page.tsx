import { useQuery } from '@tanstack/react-query';
import {
  BarChart3,
  Building2,
  ClipboardList,
  CreditCard,
  FileSearch,
  ExternalLink,
  Globe,
  MapPin,
  MessageSquare,
  Pencil,
  Plug,
  Rss,
  PlusCircle,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { COMPANY_MESSAGES, dashboardPathFor, type SessionCompany } from '@referwell/shared';
import { CopyableCode } from '@/components/copyable-code';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { companyQueryOptions, teamQueryOptions } from '@/features/companies/port';
import { LeaderboardCard, ProgrammeCard } from '@/features/analytics/port';
import { ReferrerDetailsPrompt, ReferSomeoneButton } from '@/features/referrals/port';
import { excerpt } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { ProfileCard, WelcomeHeader } from './dashboard-parts';
import { ReferrerActivity } from './referrer-activity';

/** /referrer-dashboard and /company-dashboard: the same screen (SPEC §2). */
export function ReferrerDashboardPage() {
  usePageTitle('Dashboard');
  const { user, company, isCompanyAdmin: isAdmin } = useSession();

  if (!user) return null;
  if (user.type !== 'referrer') return <Navigate to={dashboardPathFor(user.type)} replace />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      {company ? <ReferrerDetailsPrompt /> : null}
      <WelcomeHeader
        user={user}
        subtitle={
          company
            ? `${isAdmin ? 'You manage' : 'You refer candidates for'} ${company.name} on Referwell.`
            : 'Refer great people to open roles at your company.'
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6">
          <ProfileCard user={user} company={company} />
          {isAdmin && company ? <QuickActions /> : null}
          {company ? <LeaderboardCard companyId={company.id} /> : null}
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          {isAdmin && company ? <ProgrammeCard companyId={company.id} /> : null}
          {/* An admin's own referral tiles show only once they refer themselves. */}
          {company ? <ReferrerActivity personal={isAdmin ? 'ifAny' : 'always'} /> : null}
          {company ? <CompanyCard company={company} isAdmin={isAdmin} /> : <NoCompanyCard />}
          {isAdmin && company ? <TeamCard companyId={company.id} /> : null}
        </div>
      </div>
    </div>
  );
}

function NoCompanyCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Company profile</CardTitle>
      </CardHeader>
      <CardContent>
        <Alert role="status">
          <Building2 aria-hidden />
          <AlertTitle>You are not part of a company yet</AlertTitle>
          <AlertDescription>
            <p>
              Referrers refer candidates for their own company. Ask your company admin to send you an invitation e-mail,
              then follow its link to join your team.
            </p>
          </AlertDescription>
        </Alert>
      </CardContent>
    </Card>
  );
}

function CompanyCard({ company: sessionCompany, isAdmin }: { company: SessionCompany; isAdmin: boolean }) {
  const { data: company, isPending, isError, error, refetch } = useQuery(companyQueryOptions(sessionCompany.id));

  return (
    <Card aria-busy={isPending}>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="min-w-0">
          <CardTitle as="h2">{company?.name ?? sessionCompany.name}</CardTitle>
          <CardDescription>Company profile</CardDescription>
        </div>
        {isAdmin ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/company-profile">
              <Pencil aria-hidden />
              Edit
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <div className="grid gap-3">
            <Spinner label="Loading company profile..." className="sr-only" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : isError ? (
          <LoadError
            title="Could not load the company profile"
            message={error.message}
            onRetry={() => void refetch()}
          />
        ) : (
          <>
            <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              <div className="flex items-center gap-1.5">
                <dt>
                  <MapPin className="size-4" aria-hidden />
                  <span className="sr-only">Location</span>
                </dt>
                <dd>{company.location || 'Location not set'}</dd>
              </div>
              <div className="flex items-center gap-1.5">
                <dt>
                  <Users className="size-4" aria-hidden />
                  <span className="sr-only">Employees</span>
                </dt>
                <dd>{company.employeeCount ? `${company.employeeCount} employees` : 'Company size not set'}</dd>
              </div>
            </dl>
            <p className="text-sm leading-relaxed">
              {company.description ? (
                excerpt(company.description, 220)
              ) : (
                <span className="text-muted-foreground">
                  {isAdmin
                    ? 'No description yet. Tell candidates what your company does and why they would like working there.'
                    : 'No description yet.'}
                </span>
              )}
            </p>
            <Button asChild variant="secondary" className="w-full sm:w-fit">
              <Link to={`/company/${company.slug}`}>
                <ExternalLink aria-hidden />
                View Public Profile
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TeamCard({ companyId }: { companyId: string }) {
  const { data: team, isPending, isError, error, refetch } = useQuery(teamQueryOptions(companyId));
  const memberCount = team?.members.length ?? 0;
  return (
    <Card aria-busy={isPending}>
      <CardHeader>
        <CardTitle as="h2">Your team</CardTitle>
        <CardDescription>
          {team
            ? `${memberCount} team ${memberCount === 1 ? 'member' : 'members'}. Share the invite code so colleagues can join as referrers.`
            : 'Share the invite code so colleagues can join as referrers.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <div className="grid gap-2">
            <Spinner label="Loading team..." className="sr-only" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : isError ? (
          <LoadError title="Could not load your team" message={error.message} onRetry={() => void refetch()} />
        ) : (
          <CopyableCode
            id="dashboard-invite-code"
            code={team.inviteCode}
            label="Team invite code"
            toastTitle={COMPANY_MESSAGES.inviteCopiedTitle}
            toastDescription={COMPANY_MESSAGES.inviteCopiedDashboard}
          />
        )}
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/company-dashboard/team">
            <Users aria-hidden />
            Manage Team
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

const quickActions = [
  { label: 'Post a Job', to: '/post-job', icon: PlusCircle },
  { label: 'Find Candidates', to: '/search-candidates', icon: Search },
  { label: 'Edit Company Profile', to: '/company-profile', icon: Settings },
  { label: 'Manage Team', to: '/company-dashboard/team', icon: Users },
  { label: 'Audit Log', to: '/company-dashboard/audit-log', icon: ScrollText },
  { label: 'Self-identification', to: '/company-dashboard/self-identification', icon: ClipboardList },
  { label: 'Privacy and Retention', to: '/company-dashboard/privacy', icon: ShieldCheck },
  { label: 'Exclusion Screening', to: '/company-dashboard/screening', icon: FileSearch },
  { label: 'Referral Analytics', to: '/company-dashboard/analytics', icon: BarChart3 },
  { label: 'Plan and Billing', to: '/company-dashboard/billing', icon: CreditCard },
  { label: 'ATS Integrations', to: '/company-dashboard/integrations', icon: Plug },
  { label: 'Job Sources', to: '/company-dashboard/job-sources', icon: Rss },
  { label: 'Slack and Teams', to: '/company-dashboard/slack-teams', icon: MessageSquare },
  { label: 'Security', to: '/company-dashboard/security', icon: ShieldCheck },
  { label: 'Careers Portal', to: '/company-dashboard/portal', icon: Globe },
];

function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick actions</CardTitle>
      </CardHeader>
      <CardContent>
        <nav aria-label="Quick actions">
          <ul className="grid gap-2">
            <li>
              <ReferSomeoneButton variant="outline" className="w-full justify-start" />
            </li>
            {quickActions.map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <Button asChild variant="outline" className="w-full justify-start">
                  <Link to={to}>
                    <Icon aria-hidden />
                    {label}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}
