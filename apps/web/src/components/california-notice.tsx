import { CALIFORNIA_NOTICE } from '@referwell/shared';

/**
 * California's "Notice at collection" (CCPA/CPRA, issue 36): shown where personal data is collected, folded at
 * sign-up (where the person's state is not known yet) and open on the profile once its location is in California.
 */
export function CaliforniaNotice({ open = false }: { open?: boolean }) {
  return (
    <details open={open} className="rounded-md border bg-muted/40 p-3 text-sm">
      <summary className="cursor-pointer font-medium">{CALIFORNIA_NOTICE.title}</summary>
      <div className="mt-2 grid gap-2 text-muted-foreground">
        {CALIFORNIA_NOTICE.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </details>
  );
}
