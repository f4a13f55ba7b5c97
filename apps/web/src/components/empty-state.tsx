import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list with nothing in it yet: an icon, what is missing, and what would fill it (or what to try instead). */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title?: string; children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
      <Icon aria-hidden className="size-8 text-muted-foreground" />
      {title ? <p className="font-medium">{title}</p> : null}
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
