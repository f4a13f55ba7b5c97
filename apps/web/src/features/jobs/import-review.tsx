import { AlertTriangle, CheckCircle2, Plus, X } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { JobImportData } from './api';
import type { FieldName } from './job-form';

/** The imported fields a posting needs, with the form field each fills (optional extras are not listed). */
const REVIEWED: { field: keyof JobImportData & string; name: FieldName; label: string }[] = [
  { field: 'title', name: 'title', label: 'Job Title' },
  { field: 'company', name: 'company', label: 'Company' },
  { field: 'location', name: 'location', label: 'Location' },
  { field: 'job_type', name: 'employmentType', label: 'Employment Type' },
  { field: 'description', name: 'description', label: 'Job Description' },
  { field: 'requirements', name: 'requirements', label: 'Requirements' },
  { field: 'skills', name: 'skills', label: 'Skills' },
  { field: 'salary_range', name: 'salary', label: 'Salary Range' },
];

export interface ImportReview {
  found: { name: FieldName; label: string }[];
  attention: { name: FieldName; label: string }[];
}

/** Which fields an import filled, and which need the user: empty, or read with low confidence. */
export function reviewImport(data: JobImportData): ImportReview {
  const uncertain = new Set<string>(data.uncertain ?? []);
  const review: ImportReview = { found: [], attention: [] };
  for (const { field, name, label } of REVIEWED) {
    const value = data[field];
    const empty = Array.isArray(value) ? value.length === 0 : !String(value ?? '').trim();
    (empty || uncertain.has(field) ? review.attention : review.found).push({ name, label });
  }
  return review;
}

/** The summary above the prefilled form: what was found, and links to each field that needs attention. */
export function ImportSummary({ review }: { review: ImportReview }) {
  const partial = review.attention.length > 0;
  return (
    <Alert role="status" className={partial ? 'border-amber-400' : undefined}>
      {partial ? <AlertTriangle aria-hidden className="text-amber-600" /> : <CheckCircle2 aria-hidden />}
      <AlertTitle>
        {partial
          ? `Partial import: ${review.attention.length} ${review.attention.length === 1 ? 'field needs' : 'fields need'} your attention`
          : 'Imported every field. Review before posting.'}
      </AlertTitle>
      <AlertDescription>
        <div className="grid gap-2">
          {review.found.length ? (
            <p>
              <span className="font-medium">Found: </span>
              {review.found.map((f) => f.label).join(', ')}
            </p>
          ) : null}
          {partial ? (
            <div>
              <span className="font-medium">Needs your attention: </span>
              <ul aria-label="Fields that need your attention" className="inline">
                {review.attention.map((f, i) => (
                  <li key={f.name} className="inline">
                    <a href={`#job-${f.name}`} className="underline underline-offset-2">
                      {f.label}
                    </a>
                    {i < review.attention.length - 1 ? ', ' : ''}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Tools the imported requirements name that Referwell's skills list does not know: offered one by one, added to the
 * Skills field only when the user picks them.
 */
export function SuggestedSkills({
  skills,
  onAdd,
  onDismiss,
}: {
  skills: string[];
  onAdd: (skill: string) => void;
  onDismiss: () => void;
}) {
  if (!skills.length) return null;
  return (
    <section aria-labelledby="suggested-skills" className="rounded-md border border-dashed p-4">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="suggested-skills" className="text-sm font-medium">
            Suggested skills
          </h2>
          <p className="text-sm text-muted-foreground">Named in the requirements. Add the ones that fit this job.</p>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
          <X aria-hidden />
          Dismiss
        </Button>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2">
        {skills.map((skill) => (
          <li key={skill}>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Add skill ${skill}`}
              onClick={() => onAdd(skill)}
            >
              <Plus aria-hidden />
              {skill}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
