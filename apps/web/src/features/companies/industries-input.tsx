import { ChipInput } from '@/components/chip-input';
import type { FieldControlAttributes } from '@/components/ui/form';

/** Industry chips: Enter or a comma adds, and 'EHR' and 'ehr' count as the same industry. */
export function IndustriesInput({
  value,
  onChange,
  ...control
}: FieldControlAttributes & {
  value: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <ChipInput
      {...control}
      value={value}
      onChange={onChange}
      placeholder="e.g. Digital Health"
      listLabel="Industries"
      itemName="industry"
      max={20}
      commaSeparates
      ignoreCase
    />
  );
}
