import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';

/**
 * A link to another site that opens in a new tab. Its accessible name is its text alone; "opens in a
 * new tab" is its accessible description (from a hidden element, so it is not read twice), and an
 * icon says the same visually.
 */
export function ExternalLink({
  href,
  children,
  showIcon = true,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel' | 'aria-describedby'> & {
  href: string;
  children: ReactNode;
  showIcon?: boolean;
}) {
  const hintId = useId();
  return (
    <>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={hintId} {...props}>
        {children}
        {showIcon ? <ExternalLinkIcon aria-hidden /> : null}
      </a>
      <span id={hintId} hidden>
        (opens in a new tab)
      </span>
    </>
  );
}
