import { useEffect } from 'react';
import { BRAND } from '@referwell/shared/constants';

/** Sets the document title as "{page} · Referwell". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${BRAND.name}`;
  }, [title]);
}
