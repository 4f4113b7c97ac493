import { Loader } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from './render';

describe('the spinner', () => {
  it('turns once every 2.5 s, as spec §9 times it (issue 16 #10)', () => {
    const { container } = renderWithTheme(<Loader aria-label="Loading" />);
    const spinner = container.querySelector('.mantine-Loader-root') as HTMLElement;
    expect(spinner).not.toBeNull();
    expect(spinner.style.animationDuration).toBe('2.5s');
  });
});
