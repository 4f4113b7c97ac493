import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguagePicker } from '../language-picker';
import { renderWithTheme } from './render';

describe('LanguagePicker', () => {
  it('shows the current language by its own name', () => {
    renderWithTheme(<LanguagePicker value="th" onChange={vi.fn()} label="Language" />);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('ไทย');
  });

  it('offers the five interface languages and reports the chosen one', async () => {
    const onChange = vi.fn();
    renderWithTheme(<LanguagePicker value="en" onChange={onChange} label="Language" />);
    const picker = screen.getByRole('combobox', { name: 'Language' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['English', 'Bahasa Melayu', '简体中文', '繁體中文', 'ไทย']);
    await userEvent.selectOptions(picker, '繁體中文');
    expect(onChange).toHaveBeenCalledWith('zhtw');
  });

  it('is a native select, reached with Tab (the browser handles its keys)', async () => {
    renderWithTheme(<LanguagePicker value="en" onChange={vi.fn()} label="Language" />);
    await userEvent.tab();
    const picker = screen.getByRole('combobox', { name: 'Language' });
    expect(picker).toHaveFocus();
    expect(picker.tagName).toBe('SELECT');
  });

  it('sizes its closed box without measuring the options, so no Chinese or Thai font loads before the first paint', () => {
    renderWithTheme(<LanguagePicker value="en" onChange={vi.fn()} label="Language" />);
    // Size containment: the browser skips the option-by-option width of a <select> (its width is fixed anyway).
    expect(screen.getByRole('combobox', { name: 'Language' }).style.contain).toBe('size');
  });
});
