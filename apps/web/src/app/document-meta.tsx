import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { documentTitle, resolvePageMeta } from '@/lib/page-meta';

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

const metaTag = (key: 'name' | 'property', value: string) => () => {
  const element = document.createElement('meta');
  element.setAttribute(key, value);
  return element;
};

/**
 * Keeps <title>, description, Open Graph and canonical in step with client-side navigation
 * (prerendered pages arrive with them already in the HTML). Pages without route meta set
 * their own title with usePageTitle.
 */
export function DocumentMeta() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const meta = resolvePageMeta(matches);

  useEffect(() => {
    if (!meta) return;
    const title = documentTitle(meta);
    const url = `${window.location.origin}${pathname}`;
    document.title = title;
    setMeta('meta[name="description"]', metaTag('name', 'description'), 'content', meta.description);
    setMeta('meta[property="og:title"]', metaTag('property', 'og:title'), 'content', title);
    setMeta('meta[property="og:description"]', metaTag('property', 'og:description'), 'content', meta.description);
    setMeta('meta[property="og:url"]', metaTag('property', 'og:url'), 'content', url);
    setMeta(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    );
  }, [meta, pathname]);

  return null;
}
