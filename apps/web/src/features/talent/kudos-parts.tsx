import { useQuery } from '@tanstack/react-query';
import { Send, Star } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import { TALENT_MESSAGES, kudosRequestSchema, type Kudos, type KudosRequest } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, fieldErrors } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ownKudosQueryOptions, useRequestKudos } from './api';
import { KUDOS_REQUEST_ANCHOR } from './kudos-anchor';

const toast = scopedToast('kudos-parts');

export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}

export function KudosList({ kudos, emptyText = TALENT_MESSAGES.noKudos }: { kudos: Kudos[]; emptyText?: string }) {
  if (kudos.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="grid gap-4">
      {kudos.map((k) => (
        <li key={k.id} className="grid gap-1 rounded-lg border p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">
              {k.author}
              {k.title || k.company ? (
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · {[k.title, k.company].filter(Boolean).join(', ')}
                </span>
              ) : null}
            </p>
            <span aria-label={`${k.rating} out of 5 stars`}>
              <Stars rating={k.rating} />
            </span>
          </div>
          <p className="whitespace-pre-line leading-relaxed">{k.text}</p>
          {k.superpower ? <p className="text-sm text-muted-foreground">Superpower: {k.superpower}</p> : null}
          <p className="text-xs text-muted-foreground">{formatDate(k.date)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Job seeker dashboard: ask a former manager or colleague for kudos (SPEC §2, §5, §8). */
export function KudosRequestCard() {
  const request = useRequestKudos();
  const form = useForm<KudosRequest, unknown, z.output<typeof kudosRequestSchema>>({
    resolver: zodResolver(kudosRequestSchema),
    defaultValues: { recommenderEmail: '' },
  });
  const emailRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...emailField } = form.register('recommenderEmail');
  const { hash } = useLocation();
  // /create-kudos leads here: bring the form into view, ready to type.
  useEffect(() => {
    if (hash !== `#${KUDOS_REQUEST_ANCHOR}`) return;
    emailRef.current?.scrollIntoView({ block: 'center' });
    emailRef.current?.focus();
  }, [hash]);

  const onValid = ({ recommenderEmail }: z.output<typeof kudosRequestSchema>) =>
    request.mutate(recommenderEmail, {
      onSuccess: () => {
        form.reset();
        toast.success(TALENT_MESSAGES.requestSentTitle, { description: TALENT_MESSAGES.requestSent });
      },
      onError: (e) => {
        const message = errorMessage(e, TALENT_MESSAGES.requestFailed);
        const field = fieldErrors(e).recommenderEmail;
        if (field) form.setError('recommenderEmail', { message: field });
        toast.error('Error', { description: message });
      },
    });

  return (
    <Card id={KUDOS_REQUEST_ANCHOR}>
      <CardHeader>
        <CardTitle as="h2">Request Kudos</CardTitle>
        <CardDescription>Ask a former manager or colleague to write a few words about you.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onValid={onValid}>
          <FormField
            id="kudos-recommender-email"
            label="Recommender email"
            error={form.formState.errors.recommenderEmail?.message}
          >
            {(control) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  {...control}
                  {...emailField}
                  ref={(element) => {
                    registerRef(element);
                    emailRef.current = element;
                  }}
                  type="email"
                  required
                  placeholder="name@example.com"
                  className="min-w-0 flex-1"
                />
                <Button type="submit" disabled={request.isPending}>
                  <Send aria-hidden />
                  {request.isPending ? 'Sending...' : 'Send Request'}
                </Button>
              </div>
            )}
          </FormField>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Job seeker dashboard: the kudos received. */
export function KudosCard() {
  const { data, isPending, isError } = useQuery(ownKudosQueryOptions);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Kudos</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Kudos could not be loaded.</p>
        ) : (
          <KudosList kudos={data} />
        )}
      </CardContent>
    </Card>
  );
}
