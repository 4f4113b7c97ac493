import { MantineProvider } from '@mantine/core';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ColorSchemeToggle } from '../color-scheme-toggle';
import { theme } from '../theme';

const memoryManager = (): MantineColorSchemeManager & { saved: MantineColorScheme | null } => {
  const manager = {
    saved: null as MantineColorScheme | null,
    get: (fallback: MantineColorScheme) => manager.saved ?? fallback,
    set: (value: MantineColorScheme) => {
      manager.saved = value;
    },
    subscribe: () => undefined,
    unsubscribe: () => undefined,
    clear: () => {
      manager.saved = null;
    },
  };
  return manager;
};

describe('ColorSchemeToggle', () => {
  it('switches to dark and hands the choice to the manager', async () => {
    const manager = memoryManager();
    render(
      <MantineProvider theme={theme} colorSchemeManager={manager} defaultColorScheme="light">
        <ColorSchemeToggle label="Dark mode" />
      </MantineProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(manager.saved).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
