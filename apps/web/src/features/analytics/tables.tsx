import {
  FUNNEL_STEP_LABELS,
  HIRE_SOURCE_LABELS,
  STAGE_LABELS,
  type Analytics,
  type PipelineStage,
} from '@referwell/shared';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatDays, formatHours, formatPercent } from './format';

const num = 'text-right tabular-nums';

export function FunnelTable({ funnel }: { funnel: Analytics['funnel'] }) {
  return (
    <Table>
      <caption className="sr-only">Referral funnel</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Step</TableHead>
          <TableHead scope="col" className={num}>
            People
          </TableHead>
          <TableHead scope="col" className={num}>
            Share of the step it follows
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {funnel.map((s) => (
          <TableRow key={s.step}>
            <TableHead scope="row" className="font-normal text-foreground">
              {FUNNEL_STEP_LABELS[s.step]}
            </TableHead>
            <TableCell className={num}>{formatCount(s.count)}</TableCell>
            <TableCell className={num}>
              {s.of === null ? '—' : `${formatPercent(s.conversion)} of ${FUNNEL_STEP_LABELS[s.of]}`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SourcesTable({ sources }: { sources: Analytics['sources'] }) {
  return (
    <Table>
      <caption className="sr-only">Source of hire and time to hire</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Source</TableHead>
          <TableHead scope="col" className={num}>
            Hires
          </TableHead>
          <TableHead scope="col" className={num}>
            Median time to hire
          </TableHead>
          <TableHead scope="col" className={num}>
            75th percentile
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {sources.map((s) => (
          <TableRow key={s.source}>
            <TableHead scope="row" className="font-normal text-foreground">
              {HIRE_SOURCE_LABELS[s.source]}
            </TableHead>
            <TableCell className={num}>{formatCount(s.hires)}</TableCell>
            <TableCell className={num}>{formatDays(s.medianDaysToHire)}</TableCell>
            <TableCell className={num}>{formatDays(s.p75DaysToHire)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type TeamRow = Analytics['departments'][number] & { name?: string };

/** Per referrer or per department: requests, referrals, hires, conversion and response time. */
export function TeamTable({ rows, by }: { rows: TeamRow[]; by: 'Referrer' | 'Department' }) {
  return (
    <Table>
      <caption className="sr-only">{by === 'Referrer' ? 'Referrers' : 'Departments'}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{by}</TableHead>
          <TableHead scope="col" className={num}>
            Requests received
          </TableHead>
          <TableHead scope="col" className={num}>
            Referrals
          </TableHead>
          <TableHead scope="col" className={num}>
            Hires
          </TableHead>
          <TableHead scope="col" className={num}>
            Conversion
          </TableHead>
          <TableHead scope="col" className={num}>
            Median response
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={row.name ?? row.department ?? `none-${i}`}>
            <TableHead scope="row" className="font-normal text-foreground">
              {row.name ?? row.department ?? 'No department'}
            </TableHead>
            <TableCell className={num}>{formatCount(row.requestsReceived)}</TableCell>
            <TableCell className={num}>{formatCount(row.referrals)}</TableCell>
            <TableCell className={num}>{formatCount(row.hires)}</TableCell>
            <TableCell className={num}>{formatPercent(row.conversion)}</TableCell>
            <TableCell className={num}>{formatHours(row.medianResponseHours)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const JOB_STAGES: PipelineStage[] = ['applied', 'referred', 'contacted', 'scheduled', 'interviewed', 'offer', 'hired'];

export function JobsTable({ jobs }: { jobs: Analytics['jobs'] }) {
  return (
    <Table>
      <caption className="sr-only">Jobs</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Job</TableHead>
          <TableHead scope="col" className={num}>
            Applicants
          </TableHead>
          <TableHead scope="col" className={num}>
            Referrals
          </TableHead>
          {JOB_STAGES.map((stage) => (
            <TableHead key={stage} scope="col" className={num}>
              {STAGE_LABELS[stage]}
            </TableHead>
          ))}
          <TableHead scope="col" className={num}>
            Days open
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.jobId}>
            <TableHead scope="row" className="max-w-56 truncate font-normal text-foreground">
              {job.title}
            </TableHead>
            <TableCell className={num}>{formatCount(job.applicants)}</TableCell>
            <TableCell className={num}>{formatCount(job.referrals)}</TableCell>
            {JOB_STAGES.map((stage) => (
              <TableCell key={stage} className={num}>
                {formatCount(job.stages[stage])}
              </TableCell>
            ))}
            <TableCell className={num}>{formatCount(job.daysOpen)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
