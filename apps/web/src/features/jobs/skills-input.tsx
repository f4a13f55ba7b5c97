import { ChipInput } from '@/components/chip-input';
import type { FieldControlAttributes } from '@/components/ui/form';

/** Skill chips (SPEC §5): trimmed, empty input and exact duplicates ignored, removable, Enter adds. */
export function SkillsInput({
  value,
  onChange,
  listLabel = 'Added skills',
  compact = false,
  ...control
}: FieldControlAttributes & {
  value: string[];
  onChange: (next: string[]) => void;
  listLabel?: string;
  compact?: boolean;
}) {
  return (
    <ChipInput
      {...control}
      value={value}
      onChange={onChange}
      placeholder="e.g. React"
      listLabel={listLabel}
      itemName="skill"
      compact={compact}
    />
  );
}
