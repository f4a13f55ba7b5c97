import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  SELF_ID_DECLINE,
  SELF_ID_FORM_TEXTS,
  SELF_ID_TEXTS,
  selfIdSubmissionSchema,
  type SelfIdFormText,
  type SelfIdSubmission,
} from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { scopedToast } from '@/lib/toast';
import { selfIdInvitationQueryOptions, useSubmitSelfId } from './api';

const toast = scopedToast('self-id-step');

/**
 * The voluntary self-identification step an applicant sees after applying, when the job's company invites it: the
 * forms in their official words, every question with "I do not wish to answer", and Skip. Calls `onDone` when
 * answered, skipped, or not offered. Its container gives the step's title and introduction (the apply dialog's
 * DialogTitle), so it has no heading of its own.
 */
export function SelfIdStep({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const invitation = useQuery(selfIdInvitationQueryOptions(jobId));
  const skip = invitation.isSuccess && (!invitation.data.offered || invitation.data.answered);
  useEffect(() => {
    if (skip) onDone();
  }, [skip, onDone]);

  if (invitation.isPending || skip)
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (invitation.isError)
    return (
      <Alert variant="destructive">
        <AlertTitle>{SELF_ID_TEXTS.stepTitle}</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(invitation.error, SELF_ID_TEXTS.failed)}</p>
          <Button variant="outline" size="sm" onClick={onDone}>
            {SELF_ID_TEXTS.skip}
          </Button>
        </AlertDescription>
      </Alert>
    );
  return (
    <SelfIdAnswersForm jobId={jobId} forms={invitation.data.forms.map((f) => SELF_ID_FORM_TEXTS[f])} onDone={onDone} />
  );
}

function SelfIdAnswersForm({ jobId, forms, onDone }: { jobId: string; forms: SelfIdFormText[]; onDone: () => void }) {
  const submit = useSubmitSelfId(jobId);
  const questions = forms.flatMap((f) => f.questions);
  const form = useForm<SelfIdSubmission>({
    resolver: zodResolver(selfIdSubmissionSchema),
    defaultValues: { answers: Object.fromEntries(questions.map((q) => [q.key, SELF_ID_DECLINE])) },
  });
  const onValid = ({ answers }: SelfIdSubmission) =>
    submit.mutate(answers, {
      onSuccess: () => {
        toast.success(SELF_ID_TEXTS.saved);
        onDone();
      },
      onError: (e) => toast.error(errorMessage(e, SELF_ID_TEXTS.failed)),
    });

  return (
    <Form form={form} onValid={onValid} className="grid gap-6">
      {forms.map((text) => (
        <section key={text.form} className="grid gap-3 rounded-md border p-4" aria-labelledby={`self-id-${text.form}`}>
          <div>
            <h3 id={`self-id-${text.form}`} className="font-semibold">
              {text.title}
            </h3>
            <p className="text-xs text-muted-foreground">{text.source}</p>
          </div>
          {text.paragraphs.map((p) => (
            <p key={p} className="text-sm">
              {p}
            </p>
          ))}
          {text.list ? (
            <div className="text-sm">
              <p className="font-medium">{text.list.heading}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {text.list.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {text.questions.map((question) => (
            <fieldset key={question.key} className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{question.label}</legend>
              {question.choices.map((choice) => (
                <label key={choice.value} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    value={choice.value}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    {...form.register(`answers.${question.key}`)}
                  />
                  <span>
                    {choice.label}
                    {choice.description ? (
                      <span className="block text-xs text-muted-foreground">{choice.description}</span>
                    ) : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
          {text.footer?.map((p) => (
            <p key={p} className="text-xs text-muted-foreground">
              {p}
            </p>
          ))}
        </section>
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {SELF_ID_TEXTS.skip}
        </Button>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? SELF_ID_TEXTS.submitting : SELF_ID_TEXTS.submit}
        </Button>
      </div>
    </Form>
  );
}
