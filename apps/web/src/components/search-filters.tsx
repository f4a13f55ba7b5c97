import { Filter, Search } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** The pieces every search page (Find Jobs, Find Candidates) is built from, so both look and behave alike. */

/** The text search: typing edits a draft; Search (or Enter) applies it. Remount with `key` when the URL changes. */
export function SearchBox({
  label,
  hideLabel = false,
  placeholder,
  initial,
  onSearch,
  maxLength = 200,
}: {
  label: string;
  hideLabel?: boolean;
  placeholder: string;
  initial: string;
  onSearch: (q: string) => void;
  maxLength?: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={id}
            type="search"
            className="pl-9"
            maxLength={maxLength}
            placeholder={placeholder}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}

/** The filter column: always shown from md up; behind a "Filters (n)" toggle on small screens. */
export function FilterPanel({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <Button
        type="button"
        variant="outline"
        className="w-full justify-between md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="flex items-center gap-2">
          <Filter aria-hidden />
          Filters{activeCount > 0 ? ` (${activeCount})` : ''}
        </span>
      </Button>
      <aside id={panelId} aria-label="Filters" className={cn('mt-3 md:mt-0 md:block', open ? 'block' : 'hidden')}>
        <Card>
          <CardContent className="grid gap-6 pt-6">{children}</CardContent>
        </Card>
      </aside>
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
  /** How many results have it; shown when known. */
  count?: number;
}

/**
 * A group of checkboxes (any of the ticked values matches). With `shownAtFirst`, longer lists fold behind
 * "Show all n"; ticked values stay listed even when folded or no longer among the options.
 */
export function CheckboxFilterGroup({
  legend,
  options,
  selected,
  onToggle,
  shownAtFirst,
}: {
  legend: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  shownAtFirst?: number;
}) {
  const groupId = useId();
  const [expanded, setExpanded] = useState(false);
  const all: FilterOption[] = [
    ...options,
    ...selected.filter((value) => !options.some((o) => o.value === value)).map((value) => ({ value, label: value })),
  ];
  const folds = shownAtFirst !== undefined && all.length > shownAtFirst;
  const shown = folds && !expanded ? all.filter((o, i) => i < shownAtFirst || selected.includes(o.value)) : all;
  if (all.length === 0) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {shown.map((option, index) => {
        const id = `${groupId}-${index}`;
        return (
          <div key={option.value} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={selected.includes(option.value)}
              onCheckedChange={(checked) => onToggle(option.value, checked === true)}
            />
            <Label htmlFor={id} className="flex-1 font-normal">
              {option.label}
            </Label>
            {option.count ? <span className="text-xs text-muted-foreground">{option.count}</span> : null}
          </div>
        );
      })}
      {folds ? (
        <Button variant="link" size="sm" className="justify-start" onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show fewer' : `Show all ${all.length}`}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The value a FilterSelect reports for its "any" choice. */
export const ANY_FILTER = 'any';

/** A labelled single choice, optionally with an "any" choice first. */
export function FilterSelect({
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  label: string;
  value: string;
  anyLabel?: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {anyLabel ? <SelectItem value={ANY_FILTER}>{anyLabel}</SelectItem> : null}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
