import { useQuery } from '@tanstack/react-query';
import { Send, Star } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { TALENT_MESSAGES, kudosRequestSchema, type Kudos } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
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
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  const { hash } = useLocation();
  // /create-kudos leads here: bring the form into view, ready to type.
  useEffect(() => {
    if (hash !== `#${KUDOS_REQUEST_ANCHOR}`) return;
    emailRef.current?.scrollIntoView({ block: 'center' });
    emailRef.current?.focus();
  }, [hash]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = kudosRequestSchema.safeParse({ recommenderEmail: email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data.recommenderEmail, {
      onSuccess: () => {
        setEmail('');
        toast.success(TALENT_MESSAGES.requestSentTitle, { description: TALENT_MESSAGES.requestSent });
      },
      onError: (e) => {
        const message = errorMessage(e, TALENT_MESSAGES.requestFailed);
        if (e instanceof ApiError && e.fields.recommenderEmail) setError(e.fields.recommenderEmail);
        toast.error('Error', { description: message });
      },
    });
  };

  return (
    <Card id={KUDOS_REQUEST_ANCHOR}>
      <CardHeader>
        <CardTitle as="h2">Request Kudos</CardTitle>
        <CardDescription>Ask a former manager or colleague to write a few words about you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-2">
          <Label htmlFor="kudos-recommender-email">Recommender email</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="kudos-recommender-email"
              ref={emailRef}
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="name@example.com"
              aria-invalid={!!error}
              aria-describedby={error ? 'kudos-recommender-email-error' : undefined}
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={request.isPending}>
              <Send aria-hidden />
              {request.isPending ? 'Sending...' : 'Send Request'}
            </Button>
          </div>
          <FieldError id="kudos-recommender-email-error" message={error} />
        </form>
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
