import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateText, formatDate } from '../date-text';
import { renderWithTheme } from './render';

describe('formatDate', () => {
  it('writes a local date day first', () => {
    expect(formatDate(new Date(2026, 2, 5, 10, 30))).toBe('05/03/2026');
  });

  it('reads numbers as unix seconds', () => {
    const seconds = new Date(2025, 11, 31, 12, 0).getTime() / 1000;
    expect(formatDate(seconds)).toBe('31/12/2025');
  });

  it('returns null for text that is not a date', () => {
    expect(formatDate('not a date')).toBeNull();
  });
});

describe('DateText', () => {
  it('renders a time element with the machine-readable date', () => {
    renderWithTheme(<DateText value={new Date(2026, 0, 9)} />);
    const time = screen.getByText('09/01/2026');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-01-09');
  });

  it('shows the fallback when there is no date', () => {
    renderWithTheme(<DateText value={null} fallback="Never" />);
    expect(screen.getByText('Never')).toBeInTheDocument();
  });
});
