import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { REFERRAL_MESSAGES, type ReferralCheck } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { formatMoney } from '@/lib/format';
import { referralCheckQueryOptions } from './api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same value, once it has stopped changing for a moment (the referrer is still typing). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the value
  }, [key, ms]);
  return settled;
}

/**
 * "Will this referral count?": the ownership rule's answer for the job and the person, in the words a refusal
 * would use, shown before the referrer submits. Says nothing until the job and the person are known.
 */
export function CreditCheck({ check }: { check: Partial<ReferralCheck> }) {
  const trimmed = {
    jobId: check.jobId ?? '',
    ...(check.talentId ? { talentId: check.talentId } : {}),
    ...(check.email?.trim() && EMAIL.test(check.email.trim()) ? { email: check.email.trim() } : {}),
    ...(check.phone?.trim() ? { phone: check.phone.trim() } : {}),
    ...(check.linkedinUrl?.trim() ? { linkedinUrl: check.linkedinUrl.trim() } : {}),
    ...(check.name?.trim() ? { name: check.name.trim() } : {}),
  };
  const settled = useSettled(trimmed);
  const ready = UUID.test(settled.jobId) && Boolean(settled.talentId || settled.email || settled.linkedinUrl);
  const { data, isFetching, isPlaceholderData } = useQuery(referralCheckQueryOptions(settled, ready));
  if (!ready || !data) {
    return isFetching ? (
      <p className="text-sm text-muted-foreground" role="status">
        Checking whether this referral would count…
      </p>
    ) : null;
  }
  return (
    <Alert
      variant={data.refused ? 'destructive' : 'default'}
      role="status"
      aria-busy={isPlaceholderData}
      className={isPlaceholderData ? 'opacity-60' : undefined}
    >
      <AlertTitle>
        {REFERRAL_MESSAGES.willCount} {data.refused ? 'No' : data.counts ? 'Yes' : 'It would not earn credit'}
        {data.counts && data.bonus ? ` (${formatMoney(data.bonus.amount, data.bonus.currency)} bonus)` : ''}
      </AlertTitle>
      <AlertDescription className="grid gap-1">
        <p>{data.words}</p>
        {data.notices.map((notice) => (
          <p key={notice}>{notice}</p>
        ))}
        <p className="text-xs text-muted-foreground">{data.rule}</p>
      </AlertDescription>
    </Alert>
  );
}
