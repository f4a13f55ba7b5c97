import { ChipInput } from '@/components/chip-input';

/** Industry chips: Enter or a comma adds, and 'EHR' and 'ehr' count as the same industry. */
export function IndustriesInput({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  describedBy?: string;
}) {
  return (
    <ChipInput
      id={id}
      value={value}
      onChange={onChange}
      describedBy={describedBy}
      placeholder="e.g. Digital Health"
      listLabel="Industries"
      itemName="industry"
      max={20}
      commaSeparates
      ignoreCase
    />
  );
}
