import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { FieldControlAttributes } from '@/components/ui/form';

export interface ChipInputProps extends FieldControlAttributes {
  value: string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  /** Accessible name of the list of chips, e.g. 'Added skills'. */
  listLabel: string;
  /** What one chip is, for the Add button's name in compact mode ('Add skill'). */
  itemName: string;
  max?: number;
  maxLength?: number;
  /** A comma also adds, and pasted comma-separated text becomes several chips. */
  commaSeparates?: boolean;
  /** Treat 'EHR' and 'ehr' as the same chip (skills keep exact duplicates only, SPEC §5). */
  ignoreCase?: boolean;
  /** A narrow column: the Add button shows only its icon. */
  compact?: boolean;
}

/**
 * Chips typed one at a time and added with the Add button or Enter: the text is trimmed, empty
 * input and duplicates are ignored, each chip can be removed, and Backspace in an empty field
 * removes the last one.
 */
export function ChipInput({
  id,
  value,
  onChange,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  placeholder,
  listLabel,
  itemName,
  max = 50,
  maxLength = 60,
  commaSeparates = false,
  ignoreCase = false,
  compact = false,
}: ChipInputProps) {
  const [draft, setDraft] = useState('');
  const full = value.length >= max;
  const key = (chip: string) => (ignoreCase ? chip.toLowerCase() : chip);

  const add = () => {
    const parts = (commaSeparates ? draft.split(',') : [draft]).map((part) => part.trim()).filter(Boolean);
    const next = [...value];
    for (const chip of parts) {
      if (next.length < max && !next.some((existing) => key(existing) === key(chip))) next.push(chip);
    }
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || (commaSeparates && event.key === ',')) {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          className="min-w-0 flex-1"
          value={draft}
          maxLength={maxLength}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          disabled={full}
        />
        <Button
          type="button"
          variant="outline"
          size={compact ? 'icon' : 'default'}
          onClick={add}
          disabled={full}
          aria-label={compact ? `Add ${itemName}` : undefined}
        >
          <Plus aria-hidden />
          {compact ? null : 'Add'}
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={listLabel}>
          {value.map((chip) => (
            <li key={chip}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-3 text-sm font-medium">
                {chip}
                <button
                  type="button"
                  className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  aria-label={`Remove ${chip}`}
                  onClick={() => onChange(value.filter((item) => item !== chip))}
                >
                  <X className="size-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
