import { X } from 'lucide-react';
import { useId } from 'react';
import {
  EMPLOYMENT_TYPE_LABELS,
  JOB_TYPE_FILTERS,
  MIN_SALARY_OPTIONS,
  POSTED_WITHIN,
  POSTED_WITHIN_LABELS,
  WORKPLACE_LABELS,
  WORKPLACES,
  type JobSearchFilters,
} from '@referwell/shared';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SkillsInput } from './skills-input';

const ANY = 'any';
const toggle = <T extends string>(all: readonly T[], selected: T[], value: T, on: boolean) =>
  all.filter((item) => (item === value ? on : selected.includes(item)));
const salaryLabel = (amount: number) => `$${amount / 1000}k+`;

/** The job search's filters (everything but the text and the sort); each change goes straight to the URL. */
export function SearchJobsFilters({
  filters,
  onChange,
}: {
  filters: JobSearchFilters;
  onChange: (next: Partial<JobSearchFilters>) => void;
}) {
  return (
    <>
      {filters.company ? (
        <div className="grid gap-2">
          <span className="text-sm font-semibold">Company</span>
          <Badge variant="secondary" className="w-fit gap-1">
            {filters.company}
            <button
              type="button"
              className="rounded-sm hover:text-destructive"
              aria-label={`Remove company filter ${filters.company}`}
              onClick={() => onChange({ company: undefined })}
            >
              <X className="size-3" aria-hidden />
            </button>
          </Badge>
        </div>
      ) : null}
      <CheckboxGroup
        legend="Job Type"
        options={JOB_TYPE_FILTERS}
        labels={EMPLOYMENT_TYPE_LABELS}
        selected={filters.type}
        onToggle={(value, on) => onChange({ type: toggle(JOB_TYPE_FILTERS, filters.type, value, on) })}
      />
      <CheckboxGroup
        legend="Location"
        options={WORKPLACES}
        labels={WORKPLACE_LABELS}
        selected={filters.workplace}
        onToggle={(value, on) => onChange({ workplace: toggle(WORKPLACES, filters.workplace, value, on) })}
      />
      <FilterSelect
        label="Minimum salary"
        value={filters.minSalary === undefined ? ANY : String(filters.minSalary)}
        anyLabel="Any salary"
        options={MIN_SALARY_OPTIONS.map((amount) => ({ value: String(amount), label: salaryLabel(amount) }))}
        onChange={(value) => onChange({ minSalary: value === ANY ? undefined : Number(value) })}
      />
      <FilterSelect
        label="Date posted"
        value={filters.postedWithin ?? ANY}
        anyLabel="Any time"
        options={POSTED_WITHIN.map((value) => ({ value, label: POSTED_WITHIN_LABELS[value] }))}
        onChange={(value) =>
          onChange({ postedWithin: value === ANY ? undefined : POSTED_WITHIN.find((p) => p === value) })
        }
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id="filter-has-referrer"
          checked={filters.hasReferrer}
          onCheckedChange={(checked) => onChange({ hasReferrer: checked === true })}
        />
        <Label htmlFor="filter-has-referrer" className="font-normal">
          Has Internal Referrer
        </Label>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-skills">Skills</Label>
        <SkillsInput
          id="filter-skills"
          value={filters.skills}
          onChange={(skills) => onChange({ skills })}
          listLabel="Skill filters"
          compact
        />
      </div>
    </>
  );
}

/** A labelled single choice with an "any" option. */
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
  options: { value: string; label: string }[];
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
          {anyLabel ? <SelectItem value={ANY}>{anyLabel}</SelectItem> : null}
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

function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  selected,
  onToggle,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  selected: T[];
  onToggle: (value: T, on: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-semibold">{legend}</legend>
      {options.map((option) => {
        const id = `filter-${legend}-${option}`.replace(/\s+/g, '-').toLowerCase();
        return (
          <div key={option} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={selected.includes(option)}
              onCheckedChange={(checked) => onToggle(option, checked === true)}
            />
            <Label htmlFor={id} className="font-normal">
              {labels[option]}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}
