import { Box, Button, Group, Overlay, Popover, Portal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

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

type Box4 = { top: number; left: number; width: number; height: number };

const rectOf = (selector: string): Box4 | null => {
  const element = document.querySelector(selector);
  if (!element) return null;
  element.scrollIntoView({ block: 'nearest' });
  const rect = element.getBoundingClientRect();
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
};

const PADDING = 6;

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
    const measure = () => setRect(rectOf(step.target));
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
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
  const anchor: Box4 = rect
    ? { top: rect.top - PADDING, left: rect.left - PADDING, width: rect.width + PADDING * 2, height: rect.height + PADDING * 2 }
    : { top: window.innerHeight / 2, left: window.innerWidth / 2, width: 0, height: 0 };

  return (
    <Portal>
      <Overlay fixed backgroundOpacity={0.45} zIndex={400} onClick={onClose} />
      <Popover opened position="bottom" withArrow shadow="lg" width={320} zIndex={402} trapFocus={false} withinPortal>
        <Popover.Target>
          <Box
            pos="fixed"
            style={{
              zIndex: 401,
              pointerEvents: 'none',
              top: anchor.top,
              left: anchor.left,
              width: anchor.width,
              height: anchor.height,
              borderRadius: 8,
              boxShadow: rect ? '0 0 0 3px var(--mantine-primary-color-filled)' : undefined,
            }}
          />
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-modal="false" aria-label={step.title}>
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

/** Opens the tour after the delay when `shouldStartTour` agrees; returns the open state and its setter. */
export const useDelayedTour = (enabled: boolean, delayMs = TOUR_DELAY_MS): [boolean, (opened: boolean) => void] => {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!shouldStartTour(enabled, window.innerWidth)) return undefined;
    const timer = setTimeout(() => setOpened(true), delayMs);
    return () => clearTimeout(timer);
  }, [enabled, delayMs]);
  return [opened, setOpened];
};
