import { JOB_STATUS_LABELS, type JobStatus } from '@referwell/shared';
import { Badge } from '@/components/ui/badge';

const VARIANTS = { DRAFT: 'draft', OPEN: 'published', CLOSED: 'outline', FILLED: 'hired' } as const;

/** A job's status in the one colour each status has everywhere (SPEC: draft grey, open blue, filled purple). */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge variant={VARIANTS[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}
