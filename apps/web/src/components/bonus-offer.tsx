import { formatMoney, payoutDelayWords, ROLES_TO_REFER_MESSAGES, type BonusOffer } from '@referwell/shared';
import { cn } from '@/lib/utils';

/**
 * What a referral for a job pays, where a referrer decides: "$3,000 paid 90 days after start", the amount first.
 * `compact` puts the payout rule on its own line under the amount (table cells).
 */
export function BonusOfferText({
  offer,
  compact = false,
  className,
}: {
  offer: BonusOffer | null;
  compact?: boolean;
  className?: string;
}) {
  if (!offer) return <span className={cn('text-muted-foreground', className)}>{ROLES_TO_REFER_MESSAGES.noBonus}</span>;
  return (
    <span className={className}>
      <span className="font-semibold text-foreground tabular-nums">{formatMoney(offer.amount, offer.currency)}</span>
      {compact ? <br /> : ' '}
      <span className="text-muted-foreground">paid {payoutDelayWords(offer.payoutDelayDays)}</span>
    </span>
  );
}
