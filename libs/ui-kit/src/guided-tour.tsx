import { Box, Button, Group, Overlay, Popover, Portal, Stack, Text } from '@mantine/core';
import { cleanNotifications, useNotifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';

export type TourStep = {
  /** CSS selector of the element the step points at, e.g. `[data-tour="quick-links"]`. */
  target: string;
  title: string;
  body: string;
};

export type GuidedTourLabels = { next: string; back: string; done: string; skip: string; progress: (step: number, total: number) => string };

export type GuidedTourProps = {
  steps: TourStep[];
  opened: boolean;
  onClose: () => void;
  labels: GuidedTourLabels;
};

export type Box4 = { top: number; left: number; width: number; height: number };

/** Brings the step's element to the middle of the screen (a tall card at least to its top) and measures it. */
const rectOf = (selector: string, scroll: boolean): Box4 | null => {
  const element = document.querySelector(selector);
  if (!element) return null;
  if (scroll) {
    const before = element.getBoundingClientRect();
    element.scrollIntoView({ block: before.height > window.innerHeight / 2 ? 'start' : 'center', inline: 'nearest' });
  }
  const rect = element.getBoundingClientRect();
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
};

const sameBox = (a: Box4 | null, b: Box4 | null): boolean =>
  a === b || (a !== null && b !== null && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height);

const PADDING = 6;
const GAP = 12;
/** The popover's size as laid out (320 px wide; title, two lines of text and the buttons). */
export const TOUR_POPOVER = { width: 320, height: 220 };

export type TourPlacement = {
  /** The ring around the step's element, cut to the screen; null when the element is not on the page. */
  ring: Box4 | null;
  /** What the popover is placed against, and on which side. */
  target: Box4;
  position: 'bottom' | 'top' | 'right' | 'left';
};

/**
 * Where a step's ring and popover go so that the popover is always inside the screen: below the element when
 * there is room, else above, else beside it, else over the element's lower part (a card taller than the
 * screen). An element not on the page puts the popover in the middle of the screen.
 */
export const tourPlacement = (rect: Box4 | null, viewport: { width: number; height: number }, popover = TOUR_POPOVER): TourPlacement => {
  if (!rect) {
    return { ring: null, target: { top: viewport.height / 2 - popover.height / 2, left: viewport.width / 2, width: 0, height: 0 }, position: 'bottom' };
  }
  const top = Math.max(0, rect.top - PADDING);
  const bottom = Math.min(viewport.height, rect.top + rect.height + PADDING);
  const left = Math.max(0, rect.left - PADDING);
  const right = Math.min(viewport.width, rect.left + rect.width + PADDING);
  const ring = { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
  if (viewport.height - bottom >= popover.height + GAP) return { ring, target: ring, position: 'bottom' };
  if (top >= popover.height + GAP) return { ring, target: ring, position: 'top' };
  if (viewport.width - right >= popover.width + GAP) return { ring, target: ring, position: 'right' };
  if (left >= popover.width + GAP) return { ring, target: ring, position: 'left' };
  const y = Math.max(GAP, Math.min(bottom, viewport.height) - popover.height - GAP * 2);
  return { ring, target: { top: y, left: ring.left, width: ring.width, height: 0 }, position: 'bottom' };
};

/**
 * A step-by-step tour: a dimmed page, a ring around the element of the step and a popover beside it.
 * A step whose element is not on the page (hidden on this width) is shown in the middle of the screen.
 */
export const GuidedTour = ({ steps, opened, onClose, labels }: GuidedTourProps) => {
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Box4 | null>(null);
  const step = steps[index];

  useEffect(() => {
    if (!opened) setIndex(0);
  }, [opened]);

  useEffect(() => {
    if (!opened || !step) return undefined;
    // Scrolled to once per step; then the ring follows the element every frame while the tour is open: the
    // layout moves it without any event of its own (the sidebar collapsing some time after the window
    // narrowed left the ring 254 px off, issue 31 #7), and only a change is drawn again.
    let shown = rectOf(step.target, true);
    setRect(shown);
    let frame = 0;
    const follow = () => {
      const now = rectOf(step.target, false);
      if (!sameBox(now, shown)) {
        shown = now;
        setRect(now);
      }
      frame = window.requestAnimationFrame(follow);
    };
    frame = window.requestAnimationFrame(follow);
    // The popover's room depends on the window's size: drawn again on resize even when the element stays put.
    const redraw = () => setRect((current) => (current ? { ...current } : current));
    window.addEventListener('resize', redraw);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('resize', redraw);
    };
  }, [opened, step]);

  useEffect(() => {
    if (!opened) return undefined;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [opened, onClose]);

  if (!opened || !step) return null;
  const last = index === steps.length - 1;
  const { ring, target, position } = tourPlacement(rect, { width: window.innerWidth, height: window.innerHeight });

  return (
    <Portal>
      <Overlay fixed backgroundOpacity={0.45} zIndex={400} onClick={onClose} />
      {ring ? (
        <Box
          pos="fixed"
          data-testid="tour-ring"
          style={{ zIndex: 401, pointerEvents: 'none', ...ring, borderRadius: 8, boxShadow: '0 0 0 3px var(--mantine-primary-color-filled)' }}
        />
      ) : null}
      <Popover
        opened
        position={position}
        withArrow={target === ring}
        shadow="lg"
        width={TOUR_POPOVER.width}
        zIndex={402}
        trapFocus={false}
        withinPortal
        // Flip and shift (both axes) keep the popover on screen whatever the layout measured.
        middlewares={{ flip: true, shift: { padding: GAP, crossAxis: true }, inline: false }}
      >
        <Popover.Target>
          <Box pos="fixed" style={{ zIndex: 401, pointerEvents: 'none', ...target }} />
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-modal="false" aria-label={step.title} data-position={position}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {labels.progress(index + 1, steps.length)}
            </Text>
            <Text fw={600}>{step.title}</Text>
            <Text size="sm">{step.body}</Text>
            <Group justify="space-between" mt="xs">
              <Button variant="subtle" size="xs" onClick={onClose}>
                {labels.skip}
              </Button>
              <Group gap="xs">
                {index > 0 ? (
                  <Button variant="default" size="xs" onClick={() => setIndex(index - 1)}>
                    {labels.back}
                  </Button>
                ) : null}
                <Button size="xs" onClick={() => (last ? onClose() : setIndex(index + 1))} data-autofocus>
                  {last ? labels.done : labels.next}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Portal>
  );
};

/** Spec §2: the tour starts 2000 ms after load, only when enabled and the window is wider than 600 px. */
export const TOUR_DELAY_MS = 2000;
export const TOUR_MIN_WIDTH = 600;

export const shouldStartTour = (enabled: boolean, windowWidth: number): boolean => enabled && windowWidth > TOUR_MIN_WIDTH;

/** The longest the tour waits for toasts to go; then it hides them itself. */
export const TOUR_MAX_WAIT_MS = 12000;

/**
 * Opens the tour once, after the delay, when `shouldStartTour` agrees and no toast is on screen (the sign-in
 * toast would cover what the tour points at): the delay starts again while a toast shows, and after
 * `maxWaitMs` the tour hides the toasts and starts. Returns the open state and its setter.
 */
export const useDelayedTour = (enabled: boolean, delayMs = TOUR_DELAY_MS, maxWaitMs = TOUR_MAX_WAIT_MS): [boolean, (opened: boolean) => void] => {
  const [opened, setOpened] = useState(false);
  const [waitedOut, setWaitedOut] = useState(false);
  const started = useRef(false);
  const toasts = useNotifications().notifications.length;
  const allowed = shouldStartTour(enabled, window.innerWidth);
  useEffect(() => {
    if (!allowed) return undefined;
    const timer = setTimeout(() => setWaitedOut(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [allowed, maxWaitMs]);
  useEffect(() => {
    if (!allowed || started.current || (toasts > 0 && !waitedOut)) return undefined;
    const timer = setTimeout(
      () => {
        started.current = true;
        cleanNotifications();
        setOpened(true);
      },
      toasts > 0 ? 0 : delayMs,
    );
    return () => clearTimeout(timer);
  }, [allowed, delayMs, toasts, waitedOut]);
  return [opened, setOpened];
};
