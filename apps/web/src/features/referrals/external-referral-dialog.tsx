import { zodResolver } from '@hookform/resolvers/zod';
import { FileText } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  externalReferralSchema,
  REFERRAL_MESSAGES,
  RESUME_LIMITS,
  RESUME_MESSAGES,
  type ExternalReferralForm,
  type ReferralResumeUpload,
} from '@referwell/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { scopedToast } from '@/lib/toast';
import { useCreateExternalReferral, useUploadReferralResume } from './api';
import { CreditCheck } from './credit-check';
import { OpenPositionField, ReferralAnswers } from './referral-fields';

const toast = scopedToast('external-referral-dialog');
type Output = z.output<typeof externalReferralSchema>;

/**
 * Refer someone by their details (issue 32): the job, the person (name, e-mail, phone, LinkedIn, a résumé that fills
 * what it can), how the referrer knows them, how well they vouch, and the two notes. "Will this count?" answers as
 * the form is filled; the person gets an e-mail to confirm before anything reaches the hiring team.
 */
export function ExternalReferralDialog({
  open,
  onOpenChange,
  jobId,
  person,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselects a job (from a job page or the jobs board). */
  jobId?: string;
  /** Fills in who is referred (from a LinkedIn connection: "Who you know" → Refer). */
  person?: ReferredPerson;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-[560px] overflow-y-auto">
        <ExternalReferralForm onClose={() => onOpenChange(false)} jobId={jobId} person={person} />
      </DialogContent>
    </Dialog>
  );
}

/** What is already known of the person referred. */
export interface ReferredPerson {
  name?: string;
  email?: string;
  linkedinUrl?: string;
}

function ExternalReferralForm({
  onClose,
  jobId: preselected,
  person,
}: {
  onClose: () => void;
  jobId?: string;
  person?: ReferredPerson;
}) {
  const navigate = useNavigate();
  const create = useCreateExternalReferral();
  const upload = useUploadReferralResume();
  const [resume, setResume] = useState<ReferralResumeUpload | null>(null);
  const form = useForm<ExternalReferralForm, unknown, Output>({
    resolver: zodResolver(externalReferralSchema),
    defaultValues: {
      jobId: preselected ?? '',
      name: person?.name ?? '',
      email: person?.email ?? '',
      phone: '',
      linkedinUrl: person?.linkedinUrl ?? '',
      notes: '',
      candidateNote: '',
    },
  });
  const { errors } = form.formState;
  const [jobId, email, phone, linkedinUrl, name] = useWatch({
    control: form.control,
    name: ['jobId', 'email', 'phone', 'linkedinUrl', 'name'],
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (read) => {
        setResume(read);
        // The résumé fills what the referrer left empty; what they typed stays.
        const fill = (field: 'name' | 'email' | 'phone' | 'linkedinUrl', value: string | null) => {
          if (value && !form.getValues(field)) form.setValue(field, value, { shouldValidate: true });
        };
        fill('name', read.fields.name);
        fill('email', read.fields.email);
        fill('phone', read.fields.phone);
        fill('linkedinUrl', read.fields.linkedin);
        toast.success(RESUME_MESSAGES.parsedTitle, { description: REFERRAL_MESSAGES.resumeParsed });
      },
      onError: (error) =>
        toast.error(RESUME_MESSAGES.parseFailedTitle, {
          description: errorMessage(error, RESUME_MESSAGES.parseFailed),
        }),
    });
  };

  const onValid = (values: Output) => {
    if (create.isPending) return;
    create.mutate(
      { ...values, ...(resume ? { resumeUploadId: resume.uploadId } : {}) },
      {
        onSuccess: (referral) => {
          toast.success(REFERRAL_MESSAGES.createdTitle, {
            description: REFERRAL_MESSAGES.externalCreated(values.name),
          });
          onClose();
          void navigate(`/referrer-dashboard/referrals/${referral.id}`);
        },
        onError: (error) =>
          toast.error(REFERRAL_MESSAGES.createFailedTitle, {
            description: errorMessage(error, REFERRAL_MESSAGES.createFailed),
          }),
      },
    );
  };

  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{REFERRAL_MESSAGES.referSomeone}</DialogTitle>
        <DialogDescription>{REFERRAL_MESSAGES.referSomeoneHint}</DialogDescription>
      </DialogHeader>
      <OpenPositionField control={form.control} jobId={jobId} error={errors.jobId?.message} />
      <div className="grid gap-2 rounded-lg border border-dashed p-3">
        <Label htmlFor="external-referral-resume">Résumé (optional)</Label>
        <Input
          id="external-referral-resume"
          type="file"
          accept={RESUME_LIMITS.accept}
          disabled={upload.isPending}
          onChange={onFile}
          aria-describedby="external-referral-resume-hint"
        />
        <p id="external-referral-resume-hint" className="text-sm text-muted-foreground">
          {upload.isPending ? (
            <span role="status">{RESUME_MESSAGES.parsing}</span>
          ) : resume ? (
            <span className="flex items-center gap-1.5">
              <FileText className="size-4" aria-hidden />
              {resume.originalName}
            </span>
          ) : (
            `PDF, DOC or DOCX, up to ${RESUME_LIMITS.maxBytes / 1024 / 1024} MB. We fill in what it says.`
          )}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField label="E-mail" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
        </FormField>
        <FormField label="Phone (optional)" error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" autoComplete="off" {...form.register('phone')} />}
        </FormField>
        <FormField label="LinkedIn profile (optional)" error={errors.linkedinUrl?.message}>
          {(control) => (
            <Input {...control} placeholder="linkedin.com/in/…" autoComplete="off" {...form.register('linkedinUrl')} />
          )}
        </FormField>
      </div>
      <CreditCheck check={{ jobId, email, phone, linkedinUrl, name }} />
      <ReferralAnswers form={form} required={{ relationship: true, vouch: true }} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || upload.isPending}>
          {create.isPending ? 'Submitting...' : 'Submit Referral'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
