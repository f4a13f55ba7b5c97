import { describe, expect, it } from 'vitest';
import { conversationDateLabel, messageDayLabel, relativeTimeLabel } from './dates';

const now = new Date(2026, 10, 21, 15, 0, 0); // Saturday 21 Nov 2026, 15:00 local
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTimeLabel', () => {
  it.each([
    [10_000, 'just now'],
    [MIN, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR, '3 hours ago'],
    [DAY, '1 day ago'],
    [4 * DAY, '4 days ago'],
  ])('%d ms ago reads %s', (ms, label) => expect(relativeTimeLabel(ago(ms), now)).toBe(label));
});

describe('conversationDateLabel', () => {
  it('shows the time within a day, the weekday under 7 days, then month and day', () => {
    expect(conversationDateLabel(new Date(2026, 10, 21, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(conversationDateLabel(new Date(2026, 10, 18, 9, 5).toISOString(), now)).toBe('Wednesday');
    expect(conversationDateLabel(new Date(2026, 9, 2, 9, 5).toISOString(), now)).toBe('Oct 2');
  });
});

describe('messageDayLabel', () => {
  it('labels Today, Yesterday, the weekday within 7 days, else the full date', () => {
    expect(messageDayLabel(new Date(2026, 10, 21, 1, 0).toISOString(), now)).toBe('Today');
    expect(messageDayLabel(new Date(2026, 10, 20, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(messageDayLabel(new Date(2026, 10, 17, 12, 0).toISOString(), now)).toBe('Tuesday');
    expect(messageDayLabel(new Date(2026, 9, 2, 12, 0).toISOString(), now)).toBe('October 2, 2026');
  });
});
