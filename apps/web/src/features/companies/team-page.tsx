import { useQuery } from '@tanstack/react-query';
import { Mail, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { scopedToast } from '@/lib/toast';
import { COMPANY_MESSAGES, SELF_ID_TEXTS, TEAM_ROLES, type TeamMember, type TeamRole } from '@referwell/shared';
import { CopyableCode } from '@/components/copyable-code';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { useSession } from '@/lib/session';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { AddMemberDialog } from './add-member-dialog';
import {
  teamQueryOptions,
  useRegenerateInviteCode,
  useRemoveMember,
  useSetMemberCompliance,
  useUpdateMemberRole,
} from './api';

const toast = scopedToast('team-page');

const NOT_ADMIN = 'Only company administrators can manage the team.';

export function TeamPage() {
  usePageTitle('Team Management');
  const { user, company, isCompanyAdmin: isAdmin } = useSession();

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">Team Management</h1>
        <p className="mt-2 text-muted-foreground">
          {company ? `Invite colleagues at ${company.name} and decide who administers the company.` : NOT_ADMIN}
        </p>
      </header>
      {company && isAdmin && user ? <TeamManagement companyId={company.id} currentUserId={user.id} /> : <NotAdmin />}
    </div>
  );
}

function NotAdmin() {
  return (
    <Alert role="status">
      <AlertTitle>Team management is for admins</AlertTitle>
      <AlertDescription>{NOT_ADMIN}</AlertDescription>
    </Alert>
  );
}

function TeamManagement({ companyId, currentUserId }: { companyId: string; currentUserId: string }) {
  const team = useQuery(teamQueryOptions(companyId));
  const regenerate = useRegenerateInviteCode(companyId);
  const updateRole = useUpdateMemberRole(companyId);
  const removeMember = useRemoveMember(companyId);
  const setCompliance = useSetMemberCompliance(companyId);
  // The member stays set while the dialog fades out, so its text does not vanish mid-animation.
  const [toRemove, setToRemove] = useState<TeamMember | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  if (team.isError && isApiError(team.error, 403)) return <NotAdmin />;

  const changeRole = (member: TeamMember, role: TeamRole) => {
    if (role === member.role) return;
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success(COMPANY_MESSAGES.roleUpdated(role)),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const confirmRemove = () => {
    if (!toRemove) return;
    removeMember.mutate(toRemove.userId, {
      onSuccess: () => toast.success(COMPANY_MESSAGES.memberRemoved),
      onError: (error) => toast.error(error.message),
    });
    setConfirmOpen(false);
  };

  const generate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => toast.success(COMPANY_MESSAGES.newCodeTitle, { description: COMPANY_MESSAGES.newCode }),
      onError: (error) => toast.error(error.message),
    });

  const changeCompliance = (member: TeamMember, compliance: boolean) =>
    setCompliance.mutate(
      { userId: member.userId, compliance },
      {
        onSuccess: () =>
          toast.success(compliance ? SELF_ID_TEXTS.complianceGranted : SELF_ID_TEXTS.complianceWithdrawn),
        onError: (error) => toast.error(error.message),
      },
    );
  const complianceShown = (member: TeamMember): boolean =>
    setCompliance.isPending && setCompliance.variables.userId === member.userId
      ? setCompliance.variables.compliance
      : member.compliance;

  const roleShown = (member: TeamMember): TeamRole =>
    updateRole.isPending && updateRole.variables.userId === member.userId ? updateRole.variables.role : member.role;

  if (team.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load your team</AlertTitle>
        <AlertDescription>
          <p>{team.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="grid gap-6" aria-busy={team.isPending}>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Invite code</CardTitle>
          <CardDescription>
            Colleagues sign up as referrers with this code. Generating a new code makes the old one stop working.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {team.isPending ? (
            <div className="grid gap-2">
              <Spinner label="Loading team..." className="sr-only" />
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : (
            <CopyableCode
              id="team-invite-code"
              code={team.data.inviteCode}
              label="Team invite code"
              toastTitle={COMPANY_MESSAGES.inviteCopiedTitle}
              toastDescription={COMPANY_MESSAGES.inviteCopiedTeam}
            />
          )}
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="w-full sm:w-fit" disabled={team.isPending || regenerate.isPending}>
                <RefreshCw aria-hidden className={regenerate.isPending ? 'animate-spin' : undefined} />
                {regenerate.isPending ? 'Generating...' : 'Generate New Code'}
              </Button>
            }
            title="Generate a new invite code?"
            description={
              <>
                The current code{team.data ? ` ${team.data.inviteCode}` : ''} stops working at once: anyone you already
                sent it to will need the new one to join your team.
              </>
            }
            cancelLabel="Keep Current Code"
            confirmLabel="Generate New Code"
            onConfirm={generate}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="gap-4 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
          <div>
            <CardTitle as="h2">Team members</CardTitle>
            <CardDescription>
              {team.data
                ? `${team.data.members.length} ${team.data.members.length === 1 ? 'member' : 'members'}`
                : 'Loading members...'}
            </CardDescription>
            <p id="compliance-help" className="mt-1 text-xs text-muted-foreground">
              {SELF_ID_TEXTS.complianceNote}
            </p>
          </div>
          <AddMemberDialog companyId={companyId} />
        </CardHeader>
        <CardContent className="grid gap-6 px-4 sm:px-6">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="hidden md:table-cell">Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead className="hidden sm:table-cell">Joined</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {team.isPending ? (
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    {['', 'hidden md:table-cell', '', 'hidden sm:table-cell', ''].map((className, cell) => (
                      <TableCell key={cell} className={className}>
                        <Skeleton className="h-5 w-full min-w-10" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : team.data.members.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                    No team members yet. Share the invite code or add a team member.
                  </TableCell>
                </TableRow>
              ) : (
                team.data.members.map((member) => (
                  <TableRow key={member.userId}>
                    <TableCell className="font-medium">
                      {member.name}
                      {member.userId === currentUserId ? (
                        <span className="ml-1 text-xs font-normal text-muted-foreground">(you)</span>
                      ) : null}
                      {/* On small screens the Email column is hidden, so the address sits under the name. */}
                      <span className="block break-all text-xs font-normal text-muted-foreground md:hidden">
                        {member.email}
                      </span>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground md:table-cell">{member.email}</TableCell>
                    <TableCell>
                      <Select
                        value={roleShown(member)}
                        onValueChange={(role) => changeRole(member, role as TeamRole)}
                        disabled={updateRole.isPending && updateRole.variables.userId === member.userId}
                      >
                        <SelectTrigger aria-label={`Role for ${member.name}`} className="h-9 w-28 text-sm sm:w-32">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {TEAM_ROLES.map((role) => (
                            <SelectItem key={role} value={role}>
                              {role}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      <label
                        className="mt-2 flex items-center gap-2 text-xs text-muted-foreground"
                        title={SELF_ID_TEXTS.complianceHelp}
                      >
                        <Checkbox
                          checked={complianceShown(member)}
                          aria-label={`${SELF_ID_TEXTS.complianceLabel} permission for ${member.name}`}
                          aria-describedby="compliance-help"
                          disabled={setCompliance.isPending && setCompliance.variables.userId === member.userId}
                          onCheckedChange={(checked) => changeCompliance(member, checked === true)}
                        />
                        {SELF_ID_TEXTS.complianceLabel}
                      </label>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">
                      {formatDate(member.joinedDate)}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${member.name}`}
                        title={`Remove ${member.name}`}
                        className="text-destructive hover:text-destructive"
                        disabled={removeMember.isPending && removeMember.variables === member.userId}
                        onClick={() => {
                          setToRemove(member);
                          setConfirmOpen(true);
                        }}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>

          {team.data && team.data.invitations.length > 0 ? (
            <section aria-labelledby="pending-invitations-heading" className="grid gap-3">
              <h3 id="pending-invitations-heading" className="text-base font-semibold">
                Pending invitations
              </h3>
              <ul className="grid gap-2">
                {team.data.invitations.map((invitation) => (
                  <li
                    key={invitation.id}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2.5 text-sm"
                  >
                    <Mail className="size-4 text-muted-foreground" aria-hidden />
                    <span className="font-medium">{invitation.name}</span>
                    <span className="min-w-0 break-all text-muted-foreground">{invitation.email}</span>
                    <span className="ml-auto flex items-center gap-2">
                      <span className="text-xs text-muted-foreground">{formatDate(invitation.invitedAt)}</span>
                      <Badge variant="pending">Invited</Badge>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Remove team member?"
        description={
          toRemove
            ? `${toRemove.name} (${toRemove.email}) will no longer be part of your company on Referwell. You can invite them again later.`
            : null
        }
        confirmLabel="Remove"
        destructive
        onConfirm={confirmRemove}
      />
    </div>
  );
}
