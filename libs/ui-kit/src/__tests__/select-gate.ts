import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Holds back the Select's code until a test says it has arrived: a slow network between a focus on
 * DeferredSelect's stand-in field and the download. Used from `vi.hoisted` with `vi.mock('../deferred/select.part')`.
 */
export const createGate = (): { arrived: Promise<void>; open: () => void } => {
  let open = (): void => undefined;
  const arrived = new Promise<void>((resolve) => (open = resolve));
  return { arrived, open: () => open() };
};

/**
 * The Select that took the stand-in's place: both are comboboxes named by the label, the stand-in read-only (a
 * searchable Select is not).
 */
export const findDrawnSelect = (name: string): Promise<HTMLElement> =>
  waitFor(() => {
    const field = screen.getByRole('combobox', { name });
    expect(field).not.toHaveAttribute('readonly');
    return field;
  });
