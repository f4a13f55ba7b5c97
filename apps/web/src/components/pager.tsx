import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Previous / "Page N of M" / Next under a paged list; renders nothing for a single page. `atLeast` marks a total
 * that was counted only so far ("Page 1 of 84+").
 */
export function Pager({
  page,
  totalPages,
  atLeast = false,
  onPage,
}: {
  page: number;
  totalPages: number;
  atLeast?: boolean;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground">
        Page {page} of {totalPages}
        {atLeast ? '+' : ''}
      </p>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
