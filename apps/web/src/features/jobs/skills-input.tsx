import { ChipInput } from '@/components/chip-input';

/** Skill chips (SPEC §5): trimmed, empty input and exact duplicates ignored, removable, Enter adds. */
export function SkillsInput({
  id,
  value,
  onChange,
  describedBy,
  listLabel = 'Added skills',
  compact = false,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  describedBy?: string | undefined;
  listLabel?: string;
  compact?: boolean;
}) {
  return (
    <ChipInput
      id={id}
      value={value}
      onChange={onChange}
      describedBy={describedBy}
      placeholder="e.g. React"
      listLabel={listLabel}
      itemName="skill"
      compact={compact}
    />
  );
}
