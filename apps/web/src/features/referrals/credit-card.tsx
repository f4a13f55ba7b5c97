import { CREDIT_DECISION_LABELS, type ReferralDetail } from '@referwell/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

export const DECISION_VARIANT = {
  pending: 'pending',
  credited: 'completed',
  not_credited: 'draft',
  refused: 'rejected',
} as const;

/** The company's ownership rule and the viewer's part of the credit ledger: who is credited, when and why. */
export function CreditCard({ credit }: { credit: ReferralDetail['credit'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Credit</CardTitle>
        <CardDescription>{credit.rule}</CardDescription>
      </CardHeader>
      <CardContent>
        {credit.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No credit decision yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Credit decisions">
            {credit.entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge variant={DECISION_VARIANT[entry.decision]}>{CREDIT_DECISION_LABELS[entry.decision]}</Badge>
                  <span className="text-muted-foreground">{formatDate(entry.at)}</span>
                </p>
                <p>{entry.words}</p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
