import { useQuery } from '@tanstack/react-query';
import { scopedToast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { leaderboardQueryOptions, useSetHiddenFromLeaderboard, useSetLeaderboardVisible } from './api';
import { formatCount } from './format';

const toast = scopedToast('leaderboard');

/** Admins: show the referrer leaderboard to the company's referrers, or not. */
export function LeaderboardSetting({ companyId }: { companyId: string }) {
  const { data } = useQuery(leaderboardQueryOptions(companyId));
  const setVisible = useSetLeaderboardVisible(companyId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Referrer leaderboard</CardTitle>
        <CardDescription>
          Referrers see the top referrers of the last 90 days on their dashboard only when you show it; each of them can
          leave it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Checkbox
          id="leaderboard-visible"
          checked={data?.visible ?? false}
          disabled={!data || setVisible.isPending}
          onCheckedChange={(checked) =>
            setVisible.mutate(checked === true, {
              onSuccess: (board) =>
                toast.success(board.visible ? 'Leaderboard shown to referrers' : 'Leaderboard hidden from referrers'),
              onError: (error) => toast.error(error.message),
            })
          }
        />
        <Label htmlFor="leaderboard-visible">Show the leaderboard to referrers</Label>
      </CardContent>
    </Card>
  );
}

/** Referrers: the leaderboard when their company shows it, with a way to leave it. */
export function LeaderboardCard({ companyId }: { companyId: string }) {
  const { data } = useQuery(leaderboardQueryOptions(companyId));
  const setHidden = useSetHiddenFromLeaderboard(companyId);
  if (!data?.visible) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Referrer leaderboard</CardTitle>
        <CardDescription>Hires and referrals in the last 90 days.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No referrals in the last 90 days yet.</p>
        ) : (
          <ol className="grid gap-2">
            {data.entries.map((entry, i) => (
              <li key={entry.userId} className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 truncate">
                  <span className="mr-2 tabular-nums text-muted-foreground">{i + 1}.</span>
                  {entry.name}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {formatCount(entry.hires)} hires · {formatCount(entry.referrals)} referrals
                </span>
              </li>
            ))}
          </ol>
        )}
        <div className="flex items-center gap-3">
          <Checkbox
            id="leaderboard-hidden"
            checked={data.hidden}
            disabled={setHidden.isPending}
            onCheckedChange={(checked) =>
              setHidden.mutate(checked === true, { onError: (error) => toast.error(error.message) })
            }
          />
          <Label htmlFor="leaderboard-hidden">Hide me from the leaderboard</Label>
        </div>
      </CardContent>
    </Card>
  );
}
