import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlaceInterpretation } from '@referwell/shared';
import { PlaceFilter, replaceWord, SearchNotices } from './search-place';

const place = (over: Partial<PlaceInterpretation>): PlaceInterpretation => ({
  source: 'location',
  text: 'Portland',
  kind: 'city',
  label: 'Every place called Portland',
  choices: [],
  suggestions: [],
  near: null,
  distanceIgnored: false,
  rest: null,
  ...over,
});

describe('SearchNotices', () => {
  it('offers every place an ambiguous name may mean, and searches the one picked', async () => {
    const onPlace = vi.fn();
    render(
      <SearchNotices
        place={place({
          choices: [
            { label: 'Portland, OR', value: 'Portland, OR' },
            { label: 'Portland, ME', value: 'Portland, ME' },
          ],
        })}
        corrections={[]}
        onPlace={onPlace}
        onWord={vi.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Several places are called "Portland"');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Portland, ME' }));
    expect(onPlace).toHaveBeenCalledWith('Portland, ME');
  });

  it('says a place is unknown with places like it, and offers words like an unknown one', async () => {
    const onWord = vi.fn();
    render(
      <SearchNotices
        place={place({ text: 'Bostn', kind: 'unknown', label: 'Bostn', suggestions: ['Boston, MA'] })}
        corrections={[{ word: 'integraton', suggestions: ['integration'] }]}
        onPlace={vi.fn()}
        onWord={onWord}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No place called "Bostn" is known');
    expect(screen.getByRole('button', { name: 'Boston, MA' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'integration' }));
    expect(onWord).toHaveBeenCalledWith('integraton', 'integration');
  });

  it('shows nothing when the search was understood as typed', () => {
    const { container } = render(
      <SearchNotices place={place({ choices: [] })} corrections={[]} onPlace={vi.fn()} onWord={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('PlaceFilter', () => {
  it('applies a typed place with Enter and picks a place of the results', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <PlaceFilter
        value={{ location: undefined, distance: undefined, unit: undefined }}
        facets={[{ value: 'Boston, MA', count: 3 }]}
        onChange={onChange}
      />,
    );
    await user.type(screen.getByLabelText('Location', { exact: true }), ' Cambridge, MA {Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ location: 'Cambridge, MA' });
    await user.click(screen.getByRole('button', { name: /Boston, MA/ }));
    expect(onChange).toHaveBeenLastCalledWith({ location: 'Boston, MA' });
  });
});

describe('replaceWord', () => {
  it('replaces the whole word only, whatever its case', () => {
    expect(replaceWord('FHIR integraton lead', 'integraton', 'integration')).toBe('FHIR integration lead');
    expect(replaceWord('Integraton', 'integraton', 'integration')).toBe('integration');
    expect(replaceWord('reintegraton integraton', 'integraton', 'integration')).toBe('reintegraton integration');
  });
});
