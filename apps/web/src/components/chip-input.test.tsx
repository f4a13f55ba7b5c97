import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChipInput, type ChipInputProps } from './chip-input';

function Harness(props: Partial<ChipInputProps>) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <label htmlFor="chips">Skills</label>
      <ChipInput id="chips" value={value} onChange={setValue} listLabel="Added" itemName="skill" {...props} />
    </>
  );
}

const chips = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('ChipInput', () => {
  it('adds trimmed chips with Enter or Add, ignoring empty input and exact duplicates', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Skills');
    await user.type(input, '  React  {Enter}');
    await user.type(input, '   {Enter}');
    await user.type(input, 'React{Enter}');
    await user.type(input, 'react');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(chips()).toEqual(['React', 'react']);
    expect(input).toHaveValue('');
  });

  it('removes a chip with its button, and the last one with Backspace in an empty field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Skills');
    await user.type(input, 'FHIR{Enter}HL7{Enter}SQL{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove HL7' }));
    expect(chips()).toEqual(['FHIR', 'SQL']);
    await user.type(input, '{Backspace}');
    expect(chips()).toEqual(['FHIR']);
  });

  it('splits on commas and ignores case when asked', async () => {
    const user = userEvent.setup();
    render(<Harness commaSeparates ignoreCase />);
    const input = screen.getByLabelText('Skills');
    await user.type(input, 'EHR, Telehealth,ehr{Enter}');
    await user.type(input, 'Pharmacy,');
    expect(chips()).toEqual(['EHR', 'Telehealth', 'Pharmacy']);
  });

  it('stops at the maximum and names its icon button in compact mode', async () => {
    const user = userEvent.setup();
    render(<Harness max={2} compact />);
    const input = screen.getByLabelText('Skills');
    await user.type(input, 'A{Enter}B{Enter}');
    expect(chips()).toEqual(['A', 'B']);
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add skill' })).toBeDisabled();
  });
});
