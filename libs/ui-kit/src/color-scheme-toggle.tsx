import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

export type ColorSchemeToggleProps = {
  /** Accessible name, e.g. "Dark mode" (translated by the caller). */
  label: string;
};

/**
 * Switches light and dark; the choice is kept by the colour scheme manager of {@link AppProviders}. Both icons
 * are drawn and the colour scheme attribute on `<html>` hides one, so a page prerendered in light (see
 * tools/vite/prerender.ts) shows the right icon before any script runs and hydrates without a mismatch;
 * `aria-pressed` follows once mounted.
 */
export const ColorSchemeToggle = ({ label }: ColorSchemeToggleProps) => {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const isDark = computed === 'dark';
  const handleClick = () => setColorScheme(isDark ? 'light' : 'dark');
  return (
    <ActionIcon variant="default" size="lg" aria-label={label} aria-pressed={isDark} onClick={handleClick}>
      <Box component="svg" lightHidden width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </Box>
      <Box component="svg" darkHidden width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </Box>
    </ActionIcon>
  );
};
