import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useOrigin } from './client-values';
import { ExternalLink } from './external-link';

export interface ShareTarget {
  network: 'LinkedIn' | 'Bluesky' | 'Threads';
  href: string;
}

/**
 * Share links for a page URL. LinkedIn takes the URL alone; Bluesky and Threads take a post text, so
 * the URL follows the given text. Every value is URL-encoded.
 */
export function shareTargets(pageUrl: string, text: string): ShareTarget[] {
  const post = encodeURIComponent(`${text} ${pageUrl}`);
  return [
    {
      network: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`,
    },
    { network: 'Bluesky', href: `https://bsky.app/intent/compose?text=${post}` },
    { network: 'Threads', href: `https://www.threads.net/intent/post?text=${post}` },
  ];
}

/**
 * 'Share on …' links for the current page, each opening in a new tab. The page URL is the origin plus
 * the current path; until the origin is known on the client (server render, hydration) the links
 * carry the path alone, so the server render and the first client render are identical.
 */
export function ShareLinks({ text }: { text: string }) {
  const { pathname } = useLocation();
  const origin = useOrigin();
  const pageUrl = `${origin ?? ''}${pathname}`;
  return (
    <ul className="flex flex-col justify-center gap-4 sm:flex-row">
      {shareTargets(pageUrl, text).map(({ network, href }) => (
        <li key={network}>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <ExternalLink href={href}>Share on {network}</ExternalLink>
          </Button>
        </li>
      ))}
    </ul>
  );
}
