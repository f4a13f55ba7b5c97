import { Info, MapPin, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  DISTANCE_UNITS,
  DISTANCES,
  SEARCH_TEXTS,
  type Distance,
  type DistanceUnit,
  type PlaceInterpretation,
} from '@referwell/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ANY_FILTER, FilterSelect } from '@/components/search-filters';

/**
 * The place pieces of both search pages (Find Jobs, Find Candidates; issue 38): the location filter with its distance,
 * the places of the results to pick from, and what the server understood of the place and the words.
 */

/** A search's place filter, as both searches' URLs hold it. */
export interface PlaceFilterValue {
  location: string | undefined;
  distance: Distance | undefined;
  unit: DistanceUnit | undefined;
}

const distanceValue = (distance: number, unit: DistanceUnit) => `${distance}-${unit}`;
const DISTANCE_OPTIONS = DISTANCE_UNITS.flatMap((unit) =>
  DISTANCES.map((distance) => ({ value: distanceValue(distance, unit), label: SEARCH_TEXTS.distance(distance, unit) })),
);

/**
 * A place typed and applied (Enter or the pin button), a distance around it, and the results' places with their
 * counts (a facet: picking one makes it the location). Remount with `key` when the URL's location changes.
 */
export function PlaceFilter({
  value,
  facets,
  onChange,
}: {
  value: PlaceFilterValue;
  facets: readonly { value: string; count: number }[] | null;
  onChange: (next: Partial<PlaceFilterValue>) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value.location ?? '');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ location: draft.trim() || undefined });
  };
  const distance =
    value.distance === undefined ? ANY_FILTER : distanceValue(value.distance, value.unit ?? DISTANCE_UNITS[0]);
  const others = (facets ?? []).filter((facet) => facet.value !== value.location);
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} className="grid gap-2">
        <Label htmlFor={id}>{SEARCH_TEXTS.placeLabel}</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            type="text"
            maxLength={120}
            autoComplete="off"
            placeholder={SEARCH_TEXTS.placePlaceholder}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          {value.location && draft === value.location ? (
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={SEARCH_TEXTS.placeClear}
              onClick={() => {
                setDraft('');
                onChange({ location: undefined, distance: undefined, unit: undefined });
              }}
            >
              <X aria-hidden />
            </Button>
          ) : (
            <Button type="submit" variant="outline" size="icon" aria-label={SEARCH_TEXTS.placeApply}>
              <MapPin aria-hidden />
            </Button>
          )}
        </div>
      </form>
      <FilterSelect
        label={SEARCH_TEXTS.distanceLabel}
        value={distance}
        anyLabel={SEARCH_TEXTS.anyDistance}
        options={DISTANCE_OPTIONS}
        onChange={(next) => {
          const [amount, unit] = next.split('-');
          const chosen = DISTANCES.find((d) => String(d) === amount);
          onChange(
            next === ANY_FILTER || chosen === undefined
              ? { distance: undefined, unit: undefined }
              : { distance: chosen, unit: unit === 'km' ? 'km' : undefined },
          );
        }}
      />
      {others.length > 0 ? (
        <div className="grid gap-1">
          <span className="text-sm font-semibold">{SEARCH_TEXTS.facetsHeading}</span>
          <ul className="grid gap-1">
            {others.map((facet) => (
              <li key={facet.value}>
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto w-full justify-between px-0 font-normal"
                  onClick={() => onChange({ location: facet.value })}
                >
                  <span>{facet.value}</span>
                  <span className="text-xs text-muted-foreground">{facet.count.toLocaleString('en-US')}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * What a search made of its place and words, when the searcher should know: a place of several names (searched as
 * all of them, with the choices), an unknown place (with places like it), a distance that could not apply, words
 * searched as other words. Never a silent zero.
 */
export function SearchNotices({
  place,
  corrections,
  onPlace,
  onWord,
}: {
  place: PlaceInterpretation | null;
  corrections: readonly { word: string; suggestions: string[] }[];
  /** Search this place (a choice or a suggestion) instead. */
  onPlace: (location: string) => void;
  /** Search with `word` replaced by `by`. */
  onWord: (word: string, by: string) => void;
}) {
  const lines: { key: string; text: string; options: { label: string; pick: () => void }[] }[] = [];
  if (place && place.choices.length > 1)
    lines.push({
      key: 'choices',
      text: SEARCH_TEXTS.ambiguous(place.text),
      options: place.choices.map((choice) => ({ label: choice.label, pick: () => onPlace(choice.value) })),
    });
  if (place?.kind === 'unknown')
    lines.push({
      key: 'unknown',
      text: place.suggestions.length
        ? `${SEARCH_TEXTS.unknown(place.text)} ${SEARCH_TEXTS.unknownSuggestions}`
        : SEARCH_TEXTS.unknown(place.text),
      options: place.suggestions.map((suggestion) => ({ label: suggestion, pick: () => onPlace(suggestion) })),
    });
  if (place?.distanceIgnored)
    lines.push({ key: 'distance', text: SEARCH_TEXTS.distanceIgnored(place.label), options: [] });
  if (place?.near)
    lines.push({
      key: 'near',
      text: SEARCH_TEXTS.near(place.near.label, place.near.distance, place.near.unit),
      options: [],
    });
  for (const correction of corrections)
    lines.push({
      key: `word-${correction.word}`,
      text: SEARCH_TEXTS.corrected(correction.word),
      options: correction.suggestions.map((suggestion) => ({
        label: suggestion,
        pick: () => onWord(correction.word, suggestion),
      })),
    });
  if (lines.length === 0) return null;
  return (
    <Alert role="status">
      <Info aria-hidden />
      <AlertDescription className="grid gap-2">
        {lines.map((line) => (
          <p key={line.key} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>{line.text}</span>
            {line.options.map((option) => (
              <Button
                key={option.label}
                type="button"
                variant="link"
                size="sm"
                className="h-auto px-0"
                onClick={option.pick}
              >
                {option.label}
              </Button>
            ))}
          </p>
        ))}
      </AlertDescription>
    </Alert>
  );
}

/** `text` with the whole word `word` replaced by `by` (a correction the searcher picked). */
export function replaceWord(text: string, word: string, by: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'iu'), `$1${by}`);
}
