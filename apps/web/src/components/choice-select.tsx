import type { FieldControlAttributes } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface ChoiceSelectProps<T extends string> extends FieldControlAttributes {
  value: T | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  choices: readonly T[];
  labels: Record<T, string>;
  placeholder: string;
}

/** A select over a fixed list of choices with readable labels, wired for form errors. */
export function ChoiceSelect<T extends string>({
  id,
  value,
  onChange,
  onBlur,
  choices,
  labels,
  placeholder,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: ChoiceSelectProps<T>) {
  return (
    <Select value={value ?? ''} onValueChange={(next) => onChange(next as T)}>
      <SelectTrigger id={id} aria-invalid={invalid} aria-describedby={describedBy} onBlur={onBlur}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice} value={choice}>
            {labels[choice]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
