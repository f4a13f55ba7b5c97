import { useState } from 'react';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { MessageSquare, RefreshCw, Send, Unplug } from 'lucide-react';
import {
  CHAT_MESSAGES,
  slackChannelChoiceSchema,
  teamsWebhookSchema,
  type ChatSettings,
  type SlackChannelChoice,
  type TeamsWebhook,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useCapability } from '@/lib/plan';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { integrationsQueryOptions, useInstallSlack, useIntegrationChange } from './api';

const toast = scopedToast('integrations');

/** /company-dashboard/slack-teams: the company’s Slack workspace and Teams channel (company admins). */
export function IntegrationsPage() {
  usePageTitle(CHAT_MESSAGES.heading);
  const { company, isCompanyAdmin } = useSession();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">{CHAT_MESSAGES.heading}</h1>
        <p className="mt-2 text-muted-foreground">{CHAT_MESSAGES.intro}</p>
      </header>
      {company && isCompanyAdmin ? (
        <OnThePlan companyId={company.id} />
      ) : (
        <Alert role="status">
          <AlertTitle>Integrations are for admins</AlertTitle>
          <AlertDescription>Only company administrators can connect Slack or Teams.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

/** Slack and Teams are an Enterprise capability: a plan that lapsed keeps them visible (and disconnectable) only. */
function OnThePlan({ companyId }: { companyId: string }) {
  const view = useCapability('slack_teams', 'view');
  const use = useCapability('slack_teams');
  if (view.isLoading) return <Skeleton className="h-48 w-full" />;
  const refusal = use.allowed ? null : (
    <Alert role="status">
      <AlertDescription>
        <p>{use.reason}</p>
        <Link to="/company-dashboard/billing" className="underline">
          {CHAT_MESSAGES.billingLink}
        </Link>
      </AlertDescription>
    </Alert>
  );
  if (!view.allowed) return refusal;
  return (
    <div className="grid gap-6">
      {refusal}
      <IntegrationsBody companyId={companyId} />
    </div>
  );
}

function IntegrationsBody({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(integrationsQueryOptions(companyId));
  if (isPending)
    return (
      <div className="grid gap-6" aria-busy>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (isError)
    return <LoadError title="Could not load the integrations" message={error.message} onRetry={() => void refetch()} />;
  return (
    <div className="grid gap-6">
      <SlackCard companyId={companyId} settings={data} />
      <TeamsCard companyId={companyId} settings={data} />
    </div>
  );
}

function ConfirmDisconnect({ label, text, onConfirm }: { label: string; text: string; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline">
          <Unplug aria-hidden /> {label}
        </Button>
      }
      title={<>{label}?</>}
      description={text}
      cancelLabel={CHAT_MESSAGES.cancel}
      confirmLabel={label}
      onConfirm={onConfirm}
    />
  );
}

function SlackCard({ companyId, settings }: { companyId: string; settings: ChatSettings }) {
  const { slack } = settings;
  const install = useInstallSlack(companyId);
  const change = useIntegrationChange(companyId);
  const connect = () => install.mutate(undefined, { onError: (e) => toast.error(errorMessage(e, 'Could not start')) });
  const act = (what: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(what, {
      onSuccess: () => toast.success(done),
      onError: (e) => toast.error(errorMessage(e, 'Something went wrong. Please try again.')),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MessageSquare className="size-5" aria-hidden /> Slack
        </CardTitle>
        <CardDescription>
          {slack.status === 'connected' && slack.teamName
            ? CHAT_MESSAGES.slackConnected(slack.teamName)
            : 'New roles in a channel, notifications as direct messages, and /refer.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!slack.available ? (
          <Alert role="status">
            <AlertDescription>{CHAT_MESSAGES.slackNotConfigured}</AlertDescription>
          </Alert>
        ) : slack.status === 'none' || slack.status === 'failed' ? (
          <>
            {slack.status === 'failed' && slack.lastError ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{CHAT_MESSAGES.slackFailed(slack.lastError)}</AlertDescription>
              </Alert>
            ) : null}
            <div>
              <Button onClick={connect} disabled={install.isPending}>
                {CHAT_MESSAGES.connectSlack}
              </Button>
            </div>
          </>
        ) : slack.status === 'pending' ? (
          <p role="status" className="text-muted-foreground">
            {CHAT_MESSAGES.slackPending}
          </p>
        ) : (
          <>
            <ChannelForm
              key={slack.channel?.id ?? 'none'}
              settings={settings}
              pending={change.isPending}
              onSave={(choice, onError) =>
                change.mutate(
                  { channel: choice },
                  { onSuccess: () => toast.success(CHAT_MESSAGES.channelSaved), onError },
                )
              }
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => act({ refresh: true }, 'Reading the channels again…')}>
                <RefreshCw aria-hidden /> {CHAT_MESSAGES.refreshChannels}
              </Button>
              <Button
                variant="outline"
                disabled={!slack.channel || change.isPending}
                onClick={() => act({ test: true }, CHAT_MESSAGES.testQueued)}
              >
                <Send aria-hidden /> {CHAT_MESSAGES.testPost}
              </Button>
              <ConfirmDisconnect
                label={CHAT_MESSAGES.disconnectSlack}
                text={CHAT_MESSAGES.disconnectConfirm}
                onConfirm={() => act({ disconnect: 'slack' }, CHAT_MESSAGES.slackDisconnected)}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChannelForm({
  settings,
  pending,
  onSave,
}: {
  settings: ChatSettings;
  pending: boolean;
  onSave: (choice: SlackChannelChoice, onError: (error: unknown) => void) => void;
}) {
  const form = useForm<SlackChannelChoice>({
    resolver: zodResolver(slackChannelChoiceSchema),
    defaultValues: { channelId: settings.slack.channel?.id ?? '' },
  });
  if (settings.slack.channels.length === 0)
    return (
      <p role="status" className="text-muted-foreground">
        {CHAT_MESSAGES.noChannels}
      </p>
    );
  return (
    <Form
      form={form}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onValid={(choice) =>
        onSave(choice, (error) => {
          const fields = fieldErrors(error);
          if (fields.channelId) form.setError('channelId', { message: fields.channelId });
          else toast.error(errorMessage(error, 'Could not save the channel'));
        })
      }
    >
      <FormField label={CHAT_MESSAGES.channelLabel} error={form.formState.errors.channelId?.message} className="grow">
        {(control) => (
          <NativeSelect {...control} {...form.register('channelId')}>
            <option value="">Choose a channel</option>
            {settings.slack.channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                #{channel.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" disabled={pending}>
        {CHAT_MESSAGES.saveChannel}
      </Button>
    </Form>
  );
}

function TeamsCard({ companyId, settings }: { companyId: string; settings: ChatSettings }) {
  const change = useIntegrationChange(companyId);
  const [editing, setEditing] = useState(false);
  const form = useForm<TeamsWebhook>({ resolver: zodResolver(teamsWebhookSchema), defaultValues: { webhookUrl: '' } });
  const { teams } = settings;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{CHAT_MESSAGES.teamsHeading}</CardTitle>
        <CardDescription>
          {teams.connected && teams.webhookHost
            ? CHAT_MESSAGES.teamsConnected(teams.webhookHost)
            : CHAT_MESSAGES.teamsIntro}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {teams.connected && !editing ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              Replace the webhook
            </Button>
            <ConfirmDisconnect
              label={CHAT_MESSAGES.disconnectTeams}
              text="New roles stop being posted to the Teams channel."
              onConfirm={() =>
                change.mutate(
                  { disconnect: 'teams' },
                  {
                    onSuccess: () => toast.success(CHAT_MESSAGES.teamsDisconnected),
                    onError: (e) => toast.error(errorMessage(e, 'Could not disconnect')),
                  },
                )
              }
            />
          </div>
        ) : (
          <Form
            form={form}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onValid={(input) =>
              change.mutate(
                { teams: input },
                {
                  onSuccess: () => {
                    toast.success(CHAT_MESSAGES.teamsSaved);
                    form.reset();
                    setEditing(false);
                  },
                  onError: (error) =>
                    form.setError('webhookUrl', {
                      message: fieldErrors(error).webhookUrl ?? errorMessage(error, CHAT_MESSAGES.teamsUrlInvalid),
                    }),
                },
              )
            }
          >
            <FormField
              label={CHAT_MESSAGES.teamsUrlLabel}
              error={form.formState.errors.webhookUrl?.message}
              className="grow"
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  autoComplete="off"
                  placeholder="https://…"
                  {...form.register('webhookUrl')}
                />
              )}
            </FormField>
            <Button type="submit" disabled={change.isPending}>
              Connect Teams
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
