import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { PageMeta } from '@/lib/page-meta';

export const meta: PageMeta = {
  title: "You're on the Waitlist",
  description: "You've been added to the Referwell waitlist. We'll be in touch soon!",
  indexable: false,
};

/** Where the waitlist's plain form post lands once the entry is saved (the form before the page script runs). */
export function WaitlistJoinedPage() {
  return (
    <section className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <Card>
        <CardHeader>
          <CircleCheck className="size-8 text-primary" aria-hidden />
          <h1 className="text-2xl font-semibold tracking-tight">Success!</h1>
          <CardDescription>You&apos;ve been added to our waitlist. We&apos;ll be in touch soon!</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/how-it-works">See how Referwell works</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to home</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
