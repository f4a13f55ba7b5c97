import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A rounded square holding an icon, in the accent tint. */
export function IconTile({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground',
        className,
      )}
    >
      <Icon className="size-6" aria-hidden />
    </span>
  );
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Feature or benefit cards in a responsive grid; titles are h3 under the surrounding section's h2. */
export function FeatureGrid({
  features,
  ordered = false,
  className,
}: {
  features: readonly Feature[];
  /** A numbered list, for steps or requirements that read in order. */
  ordered?: boolean;
  className?: string;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={cn('grid gap-6 md:grid-cols-3', className)}>
      {features.map(({ icon, title, text }) => (
        <li key={title} className="flex">
          <Card className="w-full">
            <CardHeader>
              <IconTile icon={icon} className="mb-2" />
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <CardDescription className="text-base">{text}</CardDescription>
            </CardContent>
          </Card>
        </li>
      ))}
    </List>
  );
}
