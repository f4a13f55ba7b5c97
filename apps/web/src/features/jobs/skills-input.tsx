import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

const MAX_SKILLS = 50;
const MAX_SKILL_LENGTH = 60;

/**
 * Skill chips (SPEC §5): typed one at a time and added with the Add button or Enter; the text is
 * trimmed, empty input is ignored, exact duplicates are ignored, and each chip can be removed.
 */
export function SkillsInput({
  id,
  value,
  onChange,
  describedBy,
  placeholder = 'e.g. React',
  listLabel = 'Added skills',
  compact = false,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  describedBy?: string | undefined;
  placeholder?: string;
  listLabel?: string;
  /** A narrow column: the Add button shows only its icon. */
  compact?: boolean;
}) {
  const [draft, setDraft] = useState('');
  const full = value.length >= MAX_SKILLS;

  const add = () => {
    const skill = draft.trim();
    if (skill && !value.includes(skill) && !full) onChange([...value, skill]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          className="min-w-0 flex-1"
          value={draft}
          maxLength={MAX_SKILL_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-describedby={describedBy}
          disabled={full}
        />
        {compact ? (
          <Button type="button" variant="outline" size="icon" onClick={add} disabled={full} aria-label="Add skill">
            <Plus aria-hidden />
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={add} disabled={full}>
            <Plus aria-hidden />
            Add
          </Button>
        )}
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={listLabel}>
          {value.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-3 text-sm font-medium">
                {skill}
                <button
                  type="button"
                  className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  aria-label={`Remove ${skill}`}
                  onClick={() => onChange(value.filter((item) => item !== skill))}
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
