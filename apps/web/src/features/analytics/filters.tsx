import { useState } from 'react';
import { ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, type Analytics, type AnalyticsPeriod } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface FilterState {
  period: AnalyticsPeriod;
  from?: string;
  to?: string;
  jobId?: string;
  department?: string;
}

const ALL = 'all';

/** Period (with a custom range), job and department; a custom range applies when both days are chosen. */
export function AnalyticsFilters({
  value,
  choices,
  onChange,
}: {
  value: FilterState;
  choices: Analytics['filters'] | undefined;
  onChange: (next: FilterState) => void;
}) {
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const rangeError = from && to && to < from ? 'The last day must be after the first' : null;
  return (
    <form
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (from && to && !rangeError) onChange({ ...value, period: 'custom', from, to });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-period">Period</Label>
        <Select
          value={value.period}
          onValueChange={(period) => {
            const next = period as AnalyticsPeriod;
            if (next !== 'custom') onChange({ ...value, period: next, from: undefined, to: undefined });
            else if (from && to && !rangeError) onChange({ ...value, period: next, from, to });
            else onChange({ ...value, period: next });
          }}
        >
          <SelectTrigger id="analytics-period">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ANALYTICS_PERIODS.map((period) => (
              <SelectItem key={period} value={period}>
                {ANALYTICS_PERIOD_LABELS[period]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-job">Job</Label>
        <Select
          value={value.jobId ?? ALL}
          onValueChange={(jobId) => onChange({ ...value, jobId: jobId === ALL ? undefined : jobId })}
        >
          <SelectTrigger id="analytics-job">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All jobs</SelectItem>
            {choices?.jobs.map((job) => (
              <SelectItem key={job.id} value={job.id}>
                {job.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-department">Department</Label>
        <Select
          value={value.department ?? ALL}
          onValueChange={(department) =>
            onChange({ ...value, department: department === ALL ? undefined : department })
          }
        >
          <SelectTrigger id="analytics-department">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All departments</SelectItem>
            {choices?.departments.map((department) => (
              <SelectItem key={department} value={department}>
                {department}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {value.period === 'custom' ? (
        <fieldset className="grid gap-1.5 sm:col-span-2 lg:col-span-4">
          <legend className="sr-only">Custom range</legend>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="analytics-from">From</Label>
              <Input id="analytics-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="analytics-to">To</Label>
              <Input
                id="analytics-to"
                type="date"
                value={to}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? 'analytics-range-error' : undefined}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={!from || !to || Boolean(rangeError)}>
              Apply range
            </Button>
          </div>
          {rangeError ? (
            <p id="analytics-range-error" className="text-sm text-destructive">
              {rangeError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </form>
  );
}
