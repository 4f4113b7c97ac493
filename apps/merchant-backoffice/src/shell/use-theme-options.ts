import { useComputedColorScheme, useDirection, useMantineColorScheme } from '@mantine/core';
import { dir } from '@merchant-hub/i18n';
import { DEFAULT_THEME_OPTIONS, primaryColorVariables, readThemeOptions, themeOptionsStorageKey, writeThemeOptions } from '@merchant-hub/ui-kit';
import type { ThemeOptions } from '@merchant-hub/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const hasSavedOptions = (userId: number): boolean => {
  try {
    return window.localStorage.getItem(themeOptionsStorageKey(userId)) !== null;
  } catch {
    return false;
  }
};

/** The signed-in user's theme options: read from this browser, applied to the page, saved on change. */
export const useThemeOptions = (userId: number | null): [ThemeOptions, (next: ThemeOptions) => void] => {
  const [options, setOptions] = useState<ThemeOptions>(DEFAULT_THEME_OPTIONS);
  const { setColorScheme } = useMantineColorScheme();
  const { setDirection } = useDirection();
  const { i18n } = useTranslation();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const darkNow = computed === 'dark';
  // Mantine hands out a new setColorScheme on every render; an effect depending on it would run on every
  // render and, by setting state, render again without end (navigation then never settles).
  const setColorSchemeRef = useRef(setColorScheme);
  setColorSchemeRef.current = setColorScheme;
  const darkNowRef = useRef(darkNow);
  darkNowRef.current = darkNow;

  useEffect(() => {
    if (userId === null) return;
    const saved = hasSavedOptions(userId);
    // Until the user saves options, dark mode follows the light/dark choice made elsewhere (sign-in page).
    if (!saved) {
      setOptions({ ...DEFAULT_THEME_OPTIONS, darkMode: darkNowRef.current });
      return;
    }
    const stored = readThemeOptions(window.localStorage, userId);
    setOptions(stored);
    setColorSchemeRef.current(stored.darkMode ? 'dark' : 'light');
    // Only on sign-in of a user; later scheme changes come through `update`.
  }, [userId]);

  useEffect(() => {
    const root = document.documentElement;
    const variables = primaryColorVariables(options.color);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) root.style.removeProperty(name);
    };
  }, [options.color]);

  useEffect(() => {
    // Right-to-left is forced by the option; otherwise the language decides (ar and he read right to left).
    const direction = options.rtl ? 'rtl' : dir(i18n.language);
    setDirection(direction);
    document.documentElement.setAttribute('dir', direction);
    return () => {
      const own = dir(i18n.language);
      setDirection(own);
      document.documentElement.setAttribute('dir', own);
    };
  }, [options.rtl, i18n.language, setDirection]);

  const update = (next: ThemeOptions) => {
    setOptions(next);
    if (next.darkMode !== options.darkMode) setColorScheme(next.darkMode ? 'dark' : 'light');
    if (userId !== null) writeThemeOptions(window.localStorage, userId, next);
  };
  return [options, update];
};
