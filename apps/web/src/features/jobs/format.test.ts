import { describe, expect, it } from 'vitest';
import { dateInputValue, employmentTypeFrom } from '@referwell/shared/rules/imported-job';
import { formatSalary, showWorkplace, splitLines } from './format';

describe('job formatting', () => {
  it('shows numeric salaries with a dollar sign and thousands separators, other text as typed', () => {
    expect(formatSalary('150000')).toBe('$150,000');
    expect(formatSalary('$95,000')).toBe('$95,000');
    expect(formatSalary('$120k - $150k')).toBe('$120k - $150k');
    expect(formatSalary('Competitive')).toBe('Competitive');
  });

  it('splits responsibilities into lines without list markers or blanks', () => {
    expect(splitLines('- Ship features\n\n• Mentor\r\n2. Review code\n  ')).toEqual([
      'Ship features',
      'Mentor',
      'Review code',
    ]);
  });

  it('maps imported job types and dates to form values', () => {
    expect(employmentTypeFrom('Full Time')).toBe('full-time');
    expect(employmentTypeFrom('part_time')).toBe('part-time');
    expect(employmentTypeFrom('Contractor')).toBe('contract');
    expect(employmentTypeFrom('Internship')).toBe('internship');
    expect(employmentTypeFrom('Volunteer')).toBeUndefined();
    expect(employmentTypeFrom(null)).toBeUndefined();
    expect(dateInputValue('2030-01-31T00:00:00Z')).toBe('2030-01-31');
    expect(dateInputValue('January 31, 2030')).toBe('2030-01-31');
    expect(dateInputValue('soon')).toBe('');
  });
});

describe('showWorkplace', () => {
  it('hides the workplace when the location already says it', () => {
    expect(showWorkplace({ location: 'Remote (US)', workplace: 'remote' })).toBe(false);
    expect(showWorkplace({ location: 'On-site — Nashville, TN', workplace: 'onsite' })).toBe(false);
    expect(showWorkplace({ location: 'Boston, MA', workplace: 'onsite' })).toBe(true);
  });
});
