import type { ComponentProps } from 'react';
import { EMAIL_FREQUENCIES, SEARCH_ALERT_LABELS, type EmailFrequency } from '@referwell/shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** How often a saved search's alerts are e-mailed, as one select: in the save dialog and on each saved search. */
export function AlertFrequencySelect({
  value,
  onChange,
  trigger,
}: {
  value: EmailFrequency;
  onChange: (frequency: EmailFrequency) => void;
  /** The trigger's id, aria wiring and width. */
  trigger: ComponentProps<typeof SelectTrigger>;
}) {
  return (
    <Select
      value={value}
      onValueChange={(chosen) => {
        const frequency = EMAIL_FREQUENCIES.find((f) => f === chosen);
        if (frequency) onChange(frequency);
      }}
    >
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {EMAIL_FREQUENCIES.map((frequency) => (
          <SelectItem key={frequency} value={frequency}>
            {SEARCH_ALERT_LABELS[frequency]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
