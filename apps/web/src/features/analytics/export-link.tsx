import { Download } from 'lucide-react';
import type { AnalyticsQuery, CompanyExport } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { analyticsSearch } from './api';

/** A CSV download of one export for the figures on screen (the browser streams it straight to a file). */
export function ExportLink({
  companyId,
  kind,
  query,
  label,
}: {
  companyId: string;
  kind: CompanyExport;
  query: AnalyticsQuery;
  label: string;
}) {
  const href = `/api/companies/${encodeURIComponent(companyId)}/exports/${kind}?${analyticsSearch(query)}`;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download>
        <Download aria-hidden />
        {label}
      </a>
    </Button>
  );
}
