import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
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
