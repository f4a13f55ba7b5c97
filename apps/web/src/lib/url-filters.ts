// The web's side of the one filter codec (packages/shared/src/url-filters): binds a page's codec to the address bar.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { UrlFilters } from '@referwell/shared/url-filters/codec';

/**
 * The page's filters from its address, and a setter that writes the given filters (all of them: spread the
 * current ones to change one). `replace` changes the address without adding a history entry.
 */
export function useUrlFilters<T>(
  codec: UrlFilters<T>,
  { replace = false }: { replace?: boolean } = {},
): [T, (next: Partial<T>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => codec.parse(params), [codec, params]);
  return [filters, (next) => setParams(codec.format(next), { replace })];
}
