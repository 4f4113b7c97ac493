import { Button } from '@mantine/core';
import { useState } from 'react';
import type { MouseEvent } from 'react';

/** The id of the element a {@link SkipLink} moves to: the frame's `<main>`, focusable by script (`tabIndex={-1}`). */
export const MAIN_CONTENT_ID = 'main-content';

export type SkipLinkProps = {
  /** "Skip to main content", translated by the caller. */
  label: string;
  targetId?: string;
};

/**
 * The first stop of the Tab order (WCAG 2.4.1): hidden above the page until it has focus, then shown; it moves
 * focus to the main content, past the top bar and the menu. Focus is moved by script rather than by changing the
 * address's hash, which the router would take for a navigation.
 */
export const SkipLink = ({ label, targetId = MAIN_CONTENT_ID }: SkipLinkProps) => {
  const [focused, setFocused] = useState(false);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Button
      component="a"
      href={`#${targetId}`}
      onClick={handleClick}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      pos="fixed"
      top={focused ? 8 : -200}
      style={{ insetInlineStart: 8, zIndex: 'var(--mantine-z-index-max)' }}
    >
      {label}
    </Button>
  );
};
