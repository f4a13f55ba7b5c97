import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { ANALYTICS_EXPORTS, COMPANY_EXPORT_MESSAGES, type AnalyticsQuery, type CompanyExport } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, queryString } from '@/lib/api';
import { useCapability } from '@/lib/plan';
import { scopedToast } from '@/lib/toast';
import { companyExportsQueryOptions, useRequestCompanyExport } from './api';

/**
 * An export button, or, for the analytics tables when the company's plan does not include advanced exports, a link to
 * the billing page saying so (the server refuses those exports with the same words).
 */
export function ExportButton(props: { companyId: string; kind: CompanyExport; query: AnalyticsQuery; label: string }) {
  const gated = (ANALYTICS_EXPORTS as readonly string[]).includes(props.kind);
  const capability = useCapability('analytics_exports');
  if (!gated || capability.allowed) return <AskExport {...props} />;
  if (capability.isLoading)
    return (
      <Button variant="outline" size="sm" disabled>
        <Download aria-hidden />
        {props.label}
      </Button>
    );
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/company-dashboard/billing" title={capability.reason ?? undefined}>
        <Lock aria-hidden />
        {props.label}
        <span className="sr-only">: {capability.reason}</span>
      </Link>
    </Button>
  );
}

/**
 * Asks for a CSV export of the figures on screen. The server prepares it in the background: the button says
 * "Preparing…", then turns into the download link and a toast offers it too. Changing the filters starts over.
 */
function AskExport({
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
  const search = queryString(query);
  const [asked, setAsked] = useState<{ id: string; search: string } | null>(null);
  const list = useQuery(companyExportsQueryOptions(companyId));
  const request = useRequestCompanyExport(companyId);
  const current = asked?.search === search ? list.data?.exports.find((e) => e.id === asked.id) : undefined;
  const toast = useMemo(() => scopedToast(`export-${kind}`), [kind]);
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (!current || told.current === current.id) return;
    const url = current.downloadUrl;
    if (current.state === 'ready' && url) {
      told.current = current.id;
      toast.success(COMPANY_EXPORT_MESSAGES.ready(current.label), {
        action: { label: COMPANY_EXPORT_MESSAGES.download, onClick: () => window.location.assign(url) },
      });
    } else if (current.state === 'failed') {
      told.current = current.id;
      toast.error(COMPANY_EXPORT_MESSAGES.failed);
    }
  }, [current, toast]);

  const ask = () =>
    request.mutate(
      { kind, query },
      {
        onSuccess: (created) => setAsked({ id: created.id, search }),
        onError: (error) => toast.error(errorMessage(error, COMPANY_EXPORT_MESSAGES.failed)),
      },
    );

  if (request.isPending || current?.state === 'preparing')
    return (
      <Button variant="outline" size="sm" disabled>
        <Spinner
          size="sm"
          iconClassName="text-current"
          label={`Preparing the ${label.replace(/^Export /, '')} export`}
        />
        {COMPANY_EXPORT_MESSAGES.preparing}
      </Button>
    );
  if (current?.state === 'ready' && current.downloadUrl)
    return (
      <Button asChild size="sm">
        <a href={current.downloadUrl} download={current.fileName ?? true}>
          <Download aria-hidden />
          {label.replace(/^Export/, 'Download')}
        </a>
      </Button>
    );
  return (
    <Button variant="outline" size="sm" onClick={ask}>
      <Download aria-hidden />
      {label}
    </Button>
  );
}
