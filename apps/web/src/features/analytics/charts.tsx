import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FUNNEL_STEP_LABELS, HIRE_SOURCE_LABELS, type Analytics } from '@referwell/shared';
import { formatCount, formatDays } from './format';

const AXIS = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

/** The funnel as horizontal bars, widest first. */
export function FunnelChart({ funnel }: { funnel: Analytics['funnel'] }) {
  const data = funnel.map((s) => ({ name: FUNNEL_STEP_LABELS[s.step], count: s.count }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={AXIS} tickFormatter={formatCount} />
        <YAxis type="category" dataKey="name" width={130} tick={AXIS} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Bar dataKey="count" name="People" fill="var(--color-primary)" radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Hires by source, and the median and 75th percentile days to hire of each. */
export function SourcesChart({ sources }: { sources: Analytics['sources'] }) {
  const data = sources.map((s) => ({
    name: HIRE_SOURCE_LABELS[s.source],
    hires: s.hires,
    median: s.medianDaysToHire ?? 0,
    p75: s.p75DaysToHire ?? 0,
  }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ left: 0, right: 8 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={AXIS} />
        <YAxis yAxisId="hires" allowDecimals={false} tick={AXIS} tickFormatter={formatCount} />
        <YAxis yAxisId="days" orientation="right" tick={AXIS} />
        <Tooltip
          formatter={(value, name) => (name === 'Hires' ? formatCount(Number(value)) : formatDays(Number(value)))}
        />
        <Legend />
        <Bar yAxisId="hires" dataKey="hires" name="Hires" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
        <Bar yAxisId="days" dataKey="median" name="Median days to hire" fill="#60a5fa" radius={[4, 4, 0, 0]} />
        <Bar yAxisId="days" dataKey="p75" name="75th percentile days" fill="#a5b4fc" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Referrals and hires per referrer (top ten). */
export function ReferrersChart({ referrers }: { referrers: Analytics['referrers'] }) {
  const data = referrers
    .filter((r) => r.referrals > 0 || r.requestsReceived > 0)
    .slice(0, 10)
    .map((r) => ({ name: r.name, referrals: r.referrals, hires: r.hires }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, data.length * 36 + 60)}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={AXIS} tickFormatter={formatCount} />
        <YAxis type="category" dataKey="name" width={130} tick={AXIS} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Legend />
        <Bar dataKey="referrals" name="Referrals" fill="#60a5fa" />
        <Bar dataKey="hires" name="Hires" fill="var(--color-primary)" />
      </BarChart>
    </ResponsiveContainer>
  );
}
