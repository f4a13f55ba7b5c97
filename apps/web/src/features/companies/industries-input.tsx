import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const MAX_INDUSTRIES = 20;

/** Chips typed one at a time (Enter, comma or the Add button); trimmed, no empties, no duplicates. */
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
  const [draft, setDraft] = useState('');

  const add = (raw: string) => {
    const additions = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const next = [...value];
    for (const industry of additions) {
      if (!next.some((existing) => existing.toLowerCase() === industry.toLowerCase())) next.push(industry);
    }
    onChange(next.slice(0, MAX_INDUSTRIES));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add(draft)}
          placeholder="e.g. Digital Health"
          aria-describedby={describedBy}
          disabled={value.length >= MAX_INDUSTRIES}
        />
        <Button type="button" variant="outline" onClick={() => add(draft)} disabled={!draft.trim()}>
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Industries">
          {value.map((industry) => (
            <li key={industry}>
              <Badge variant="secondary" className="gap-1 py-1 pl-3 pr-1 text-sm font-medium">
                {industry}
                <button
                  type="button"
                  className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full hover:bg-background focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Remove ${industry}`}
                  onClick={() => onChange(value.filter((item) => item !== industry))}
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
