import { useQuery } from '@tanstack/react-query';
import { ChevronDown, MessageSquare } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { jobCommentFormSchema, relativeTimeLabel } from '@referwell/shared';
import type { z } from 'zod';
import { LoadError } from '@/components/load-error';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { initials } from '@/lib/names';
import { cn } from '@/lib/utils';
import { jobCommentsQueryOptions, useAddJobComment } from './api';

type JobCommentValues = z.output<typeof jobCommentFormSchema>;

/** The job team's comments on a job (SPEC §2: a collapsible comments card with add comment). */
export function JobComments({ jobId }: { jobId: string }) {
  const [open, setOpen] = useState(true);
  const { data, isPending, isError, error, refetch } = useQuery(jobCommentsQueryOptions(jobId));
  const add = useAddJobComment(jobId);
  const form = useForm<z.input<typeof jobCommentFormSchema>, unknown, JobCommentValues>({
    resolver: zodResolver(jobCommentFormSchema),
    defaultValues: { body: '' },
  });
  const contentId = useId();

  const onValid = ({ body }: JobCommentValues) =>
    add.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (err) =>
        form.setError('body', { message: errorMessage(err, 'Failed to add the comment. Please try again.') }),
    });

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle as="h2" className="flex items-center gap-2">
          <MessageSquare className="size-5 text-muted-foreground" aria-hidden />
          Job Comments{data ? ` (${data.length})` : ''}
        </CardTitle>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide' : 'Show'}
          <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
        </Button>
      </CardHeader>
      <CardContent id={contentId} hidden={!open} className="grid gap-4">
        {isPending ? (
          <Spinner label="Loading comments..." />
        ) : isError ? (
          <LoadError title="Could not load the comments" message={error.message} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <p className="text-muted-foreground">No comments yet. Share a thought with your team.</p>
        ) : (
          <ol className="grid gap-4" aria-label="Comments">
            {data.map((comment) => (
              <li key={comment.id} className="flex gap-3">
                <Avatar className="size-8 text-xs">
                  <AvatarFallback className="bg-accent text-accent-foreground">
                    {initials(comment.author?.name ?? '?')}
                  </AvatarFallback>
                </Avatar>
                <div className="min-w-0">
                  <p className="text-sm">
                    <span className="font-medium">{comment.author?.name ?? 'Former member'}</span>{' '}
                    <time dateTime={comment.createdAt} className="text-muted-foreground">
                      {relativeTimeLabel(comment.createdAt)}
                    </time>
                  </p>
                  <p className="break-words whitespace-pre-line">{comment.body}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Form form={form} onValid={onValid} className="grid gap-2">
          <FormField label="Add a comment" error={form.formState.errors.body?.message}>
            {(control) => <Textarea {...control} rows={3} maxLength={4000} {...form.register('body')} />}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add Comment'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
