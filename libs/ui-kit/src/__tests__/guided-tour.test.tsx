import { notifications } from '@mantine/notifications';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GuidedTour, TOUR_DELAY_MS, TOUR_POPOVER, tourPlacement, useDelayedTour } from '../guided-tour';
import { renderWithTheme } from './render';
import type { Box4, TourPlacement } from '../guided-tour';

const screen1366 = { width: 1366, height: 900 };
const GAP = 12;

/** Where a popover of TOUR_POPOVER's size lands for a placement (centred on the target's other axis). */
const popoverBox = ({ target, position }: TourPlacement): Box4 => {
  const { width, height } = TOUR_POPOVER;
  const centreX = target.left + target.width / 2 - width / 2;
  const centreY = target.top + target.height / 2 - height / 2;
  if (position === 'bottom') return { top: target.top + target.height + GAP, left: centreX, width, height };
  if (position === 'top') return { top: target.top - GAP - height, left: centreX, width, height };
  if (position === 'right') return { top: centreY, left: target.left + target.width + GAP, width, height };
  return { top: centreY, left: target.left - GAP - width, width, height };
};

describe('tourPlacement (issue 16 #4: steps 5-7 at 1366×900)', () => {
  it.each<[string, Box4]>([
    ['near the bottom edge', { top: 820, left: 200, width: 400, height: 60 }],
    ['partly above the screen', { top: -200, left: 300, width: 500, height: 300 }],
    ['a card taller than the screen', { top: 40, left: 280, width: 1000, height: 1400 }],
    ['a full-width card filling the screen', { top: 0, left: 0, width: 1366, height: 900 }],
    ['at the top', { top: 70, left: 300, width: 300, height: 40 }],
  ])('keeps the popover on screen for an element %s', (_name, rect) => {
    const placement = tourPlacement(rect, screen1366);
    const box = popoverBox(placement);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.top + box.height).toBeLessThanOrEqual(screen1366.height);
    expect(placement.ring?.top).toBeGreaterThanOrEqual(0);
    expect((placement.ring?.top ?? 0) + (placement.ring?.height ?? 0)).toBeLessThanOrEqual(screen1366.height);
  });

  it('puts the popover above an element with no room below, and below one with room', () => {
    expect(tourPlacement({ top: 820, left: 200, width: 400, height: 60 }, screen1366).position).toBe('top');
    expect(tourPlacement({ top: 100, left: 200, width: 400, height: 60 }, screen1366).position).toBe('bottom');
  });

  it('centres the popover when the element is not on the page', () => {
    const placement = tourPlacement(null, screen1366);
    expect(placement.ring).toBeNull();
    const box = popoverBox(placement);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.top + box.height).toBeLessThanOrEqual(screen1366.height);
  });
});

describe('useDelayedTour waits for the toasts to go (issue 16 #4: the sign-in toast over the tour)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1366 });
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('starts only once the sign-in toast is gone, then never again by itself', () => {
    act(() => {
      notifications.show({ id: 'signed-in', message: 'Success, Logging you in!', autoClose: false });
    });
    const { result } = renderHook(() => useDelayedTour(true));
    act(() => vi.advanceTimersByTime(TOUR_DELAY_MS * 2));
    expect(result.current[0]).toBe(false);
    act(() => notifications.hide('signed-in'));
    act(() => vi.advanceTimersByTime(TOUR_DELAY_MS - 100));
    expect(result.current[0]).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    act(() => vi.advanceTimersByTime(TOUR_DELAY_MS * 10));
    expect(result.current[0]).toBe(false);
  });

  it('hides a toast that never goes and starts after the longest wait', () => {
    act(() => {
      notifications.show({ id: 'stuck', message: 'Stuck', autoClose: false });
    });
    const { result } = renderHook(() => useDelayedTour(true, TOUR_DELAY_MS, 9000));
    act(() => vi.advanceTimersByTime(8000));
    expect(result.current[0]).toBe(false);
    act(() => vi.advanceTimersByTime(1100));
    act(() => vi.advanceTimersByTime(10));
    expect(result.current[0]).toBe(true);
  });
});

describe('GuidedTour follows its element (issue 31 #7: the ring 254 px off after the window narrowed)', () => {
  it('moves the ring when the layout moves the element without any event, as the sidebar collapsing does', async () => {
    const target = document.createElement('div');
    target.dataset.tour = 'quick-links';
    document.body.append(target);
    let box = { top: 100, left: 300, width: 200, height: 40 };
    target.getBoundingClientRect = () => ({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top, toJSON: () => box });
    const labels = { next: 'Next', back: 'Back', done: 'Done', skip: 'Skip', progress: (step: number, total: number) => `${step} / ${total}` };
    try {
      renderWithTheme(<GuidedTour steps={[{ target: '[data-tour="quick-links"]', title: 'Quick Links', body: 'Shortcuts' }]} opened onClose={vi.fn()} labels={labels} />);
      const ring = await screen.findByTestId('tour-ring');
      expect(ring.style.left).toBe('294px');
      // The sidebar collapses: the element is 254 px further left, and nothing fires a resize or scroll.
      box = { ...box, left: 46 };
      await waitFor(() => expect(screen.getByTestId('tour-ring').style.left).toBe('40px'));
    } finally {
      target.remove();
    }
  });
});
