import { X } from 'lucide-react';
import {
  EMPLOYMENT_TYPE_LABELS,
  JOB_TYPE_FILTERS,
  MIN_SALARY_OPTIONS,
  POSTED_WITHIN,
  POSTED_WITHIN_LABELS,
  SEARCH_TEXTS,
  WORKPLACE_LABELS,
  WORKPLACES,
  type JobSearchFilters,
} from '@referwell/shared';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { ANY_FILTER, CheckboxFilterGroup, FilterSelect } from '@/components/search-filters';
import { SkillsInput } from './skills-input';

/** The ticked values after one changes, in the options' order (only known values survive). */
const toggle = <T extends string>(all: readonly T[], selected: T[], value: string, on: boolean) =>
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
      <CheckboxFilterGroup
        legend="Job Type"
        options={JOB_TYPE_FILTERS.map((value) => ({ value, label: EMPLOYMENT_TYPE_LABELS[value] }))}
        selected={filters.type}
        onToggle={(value, on) => onChange({ type: toggle(JOB_TYPE_FILTERS, filters.type, value, on) })}
      />
      <CheckboxFilterGroup
        legend={SEARCH_TEXTS.workplaceLegend}
        options={WORKPLACES.map((value) => ({ value, label: WORKPLACE_LABELS[value] }))}
        selected={filters.workplace}
        onToggle={(value, on) => onChange({ workplace: toggle(WORKPLACES, filters.workplace, value, on) })}
      />
      <FilterSelect
        label="Minimum salary"
        value={filters.minSalary === undefined ? ANY_FILTER : String(filters.minSalary)}
        anyLabel="Any salary"
        options={MIN_SALARY_OPTIONS.map((amount) => ({ value: String(amount), label: salaryLabel(amount) }))}
        onChange={(value) => onChange({ minSalary: value === ANY_FILTER ? undefined : Number(value) })}
      />
      <FilterSelect
        label="Date posted"
        value={filters.postedWithin ?? ANY_FILTER}
        anyLabel="Any time"
        options={POSTED_WITHIN.map((value) => ({ value, label: POSTED_WITHIN_LABELS[value] }))}
        onChange={(value) =>
          onChange({ postedWithin: value === ANY_FILTER ? undefined : POSTED_WITHIN.find((p) => p === value) })
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
