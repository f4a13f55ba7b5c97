import { Target } from 'lucide-react';
import { MATCHING } from '@referwell/shared';
import { Badge } from '@/components/ui/badge';

/** The SPEC §9 match score as a badge: '{n}% match', tinted once it reaches the minimum that counts as a match. */
export function MatchBadge({ score, className }: { score: number; className?: string }) {
  return (
    <Badge variant={score >= MATCHING.defaultMinScorePercent ? 'accepted' : 'outline'} className={className}>
      <Target aria-hidden />
      {score}% match
    </Badge>
  );
}
