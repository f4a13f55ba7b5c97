import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Building2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import {
  COMPANY_CLAIM_MESSAGES as T,
  companyClaimRequestSchema,
  type CompanyClaimRequest,
  type MyCompanyClaim,
} from '@referwell/shared';
import { AuthCard } from '@/components/auth-card';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, fieldErrors, isMissing } from '@/lib/api';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { useSendLinkToken } from '@/lib/use-link-token';
import { usePageTitle } from '@/lib/use-page-title';
import {
  myCompanyClaimQueryOptions,
  publicCompanyQueryOptions,
  useConfirmCompanyClaim,
  useRequestCompanyClaim,
  useWithdrawCompanyClaim,
} from './api';

const toast = scopedToast('claim-company');

/**
 * /company/:companyName/claim (signed in): the work e-mail; a single-use link is mailed to it. A person with an open
 * claim on the company (link mailed, or confirmed and waiting for a check) sees it instead, and may withdraw it.
 */
export function ClaimCompanyPage() {
  const { companyName: slug = '' } = useParams();
  const company = useQuery(publicCompanyQueryOptions(slug));
  const listed = company.data?.company.notOnReferwell === true;
  const mine = useQuery({ ...myCompanyClaimQueryOptions(slug), enabled: listed });
  const request = useRequestCompanyClaim(slug);
  const { user } = useSession();
  const name = company.data?.company.name ?? '';
  usePageTitle(name ? T.pageTitle(name) : 'Claim a company');
  const form = useForm<CompanyClaimRequest>({
    resolver: zodResolver(companyClaimRequestSchema),
    defaultValues: { companySlug: slug, email: '' },
  });
  // Once a claim is withdrawn the form comes back: the focus goes to its field, not to the page (the button is gone).
  const withdrawn = useRef(false);
  const openClaim = mine.data?.claim ?? null;
  useEffect(() => {
    if (withdrawn.current && !openClaim) {
      withdrawn.current = false;
      form.setFocus('email');
    }
  }, [openClaim, form]);
  const onValid = (input: CompanyClaimRequest) =>
    request.mutate(input, {
      onError: (error) => {
        const fields = fieldErrors(error);
        if (fields.email) form.setError('email', { message: fields.email });
      },
    });

  if (company.isPending || (listed && mine.isPending))
    return (
      <AuthCard title="Claim a company">
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-10 w-full" />
        </div>
      </AuthCard>
    );
  if (company.isError)
    return (
      <AuthCard title="Claim a company">
        {isMissing(company.error) ? (
          <Alert variant="destructive">
            <AlertDescription>{T.claimNotFound}</AlertDescription>
          </Alert>
        ) : (
          <LoadError
            title="Could not load this company"
            message={company.error.message}
            onRetry={() => void company.refetch()}
          />
        )}
      </AuthCard>
    );
  const back = (
    <Link to={`/company/${encodeURIComponent(slug)}`} className="font-medium text-primary hover:underline">
      {T.backToCompany}
    </Link>
  );
  if (!company.data.company.notOnReferwell)
    return (
      <AuthCard title={T.pageTitle(name)} footer={back}>
        <Alert role="status">
          <Building2 aria-hidden />
          <AlertDescription>{T.onReferwell(name)}</AlertDescription>
        </Alert>
      </AuthCard>
    );
  return (
    <AuthCard title={T.pageTitle(name)} description={T.intro(name)} footer={back}>
      {openClaim ? (
        <OpenClaim
          slug={slug}
          claim={openClaim}
          onWithdrawn={() => {
            withdrawn.current = true;
            request.reset();
          }}
        />
      ) : request.isSuccess ? (
        <Alert role="status">
          <AlertTitle>{T.checkInbox}</AlertTitle>
          <AlertDescription className="wrap-anywhere">{T.sent(request.data.email)}</AlertDescription>
        </Alert>
      ) : (
        <Form form={form} onValid={onValid} className="grid gap-4">
          {user?.type === 'jobseeker' ? (
            <Alert>
              <AlertTitle>{T.seekerAccountTitle}</AlertTitle>
              <AlertDescription>{T.seekerAccount}</AlertDescription>
            </Alert>
          ) : null}
          {request.isError && !fieldErrors(request.error).email ? (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(request.error, T.limited)}</AlertDescription>
            </Alert>
          ) : null}
          <FormField
            id="claim-email"
            label={T.emailLabel}
            hint={T.emailHint}
            error={form.formState.errors.email?.message}
          >
            {(c) => <Input {...c} type="email" autoComplete="work email" {...form.register('email')} />}
          </FormField>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? <Spinner /> : null}
            {T.submit}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

/** The person's open claim: where its link went or that it waits for a check, and Withdraw (confirmed first). */
function OpenClaim({ slug, claim, onWithdrawn }: { slug: string; claim: MyCompanyClaim; onWithdrawn: () => void }) {
  const withdraw = useWithdrawCompanyClaim(slug);
  const confirmWithdraw = () =>
    withdraw.mutate(claim.id, {
      onSuccess: () => {
        onWithdrawn();
        toast.success(T.withdrawn);
      },
      onError: (error) => toast.error(errorMessage(error, T.claimNotFound)),
    });
  return (
    <div className="grid gap-4">
      <Alert role="status">
        <AlertTitle>{claim.status === 'pending' ? T.yourClaimPendingTitle : T.checkInbox}</AlertTitle>
        <AlertDescription className="wrap-anywhere">
          {claim.status === 'pending' ? T.yourClaimPending(claim.email) : T.sent(claim.email)}
        </AlertDescription>
      </Alert>
      <p className="text-sm text-muted-foreground">{T.withdrawHint}</p>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="w-full sm:w-fit" disabled={withdraw.isPending}>
            {withdraw.isPending ? <Spinner /> : null}
            {T.withdraw}
          </Button>
        }
        title={T.withdrawConfirmTitle}
        description={T.withdrawConfirm(claim.email)}
        descriptionClassName="wrap-anywhere"
        cancelLabel={T.keepClaim}
        confirmLabel={T.withdraw}
        destructive
        onConfirm={confirmWithdraw}
      />
    </div>
  );
}

/** /claim-company?token=… (signed in as the person who asked): confirms the claim once. */
export function ConfirmClaimPage() {
  usePageTitle('Claim a company');
  const confirm = useConfirmCompanyClaim();
  const token = useSendLinkToken(confirm.mutate);

  const outcome = confirm.data;
  return (
    <AuthCard title="Claim a company">
      {outcome?.status === 'granted' ? (
        <div className="grid gap-4">
          <Alert role="status">
            <AlertTitle>{T.claimedTitle}</AlertTitle>
            <AlertDescription>{T.claimed(outcome.companyName)}</AlertDescription>
          </Alert>
          <Button asChild>
            <Link to="/company-dashboard">{T.goToDashboard}</Link>
          </Button>
        </div>
      ) : outcome?.status === 'pending' ? (
        <div className="grid gap-4">
          <Alert role="status">
            <AlertTitle>{T.pendingTitle}</AlertTitle>
            <AlertDescription>{T.pending(outcome.companyName)}</AlertDescription>
          </Alert>
          <Button asChild variant="outline">
            <Link to={`/company/${encodeURIComponent(outcome.companySlug)}`}>{T.backToCompany}</Link>
          </Button>
        </div>
      ) : !token || confirm.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>{errorMessage(confirm.error, T.linkInvalid)}</AlertDescription>
        </Alert>
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner /> {T.confirming}
        </p>
      )}
    </AuthCard>
  );
}
