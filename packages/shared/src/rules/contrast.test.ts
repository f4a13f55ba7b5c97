import { describe, expect, it } from 'vitest';
import { contrastRatio, readableWithWhite } from './contrast';

describe('contrast', () => {
  it('measures the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('accepts brand colours white text stays readable on, and refuses light ones', () => {
    expect(readableWithWhite('#0f766e')).toBe(true);
    expect(readableWithWhite('#767676')).toBe(true);
    expect(readableWithWhite('#777777')).toBe(false);
    expect(readableWithWhite('#ffcc00')).toBe(false);
  });
});
