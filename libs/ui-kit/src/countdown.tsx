import { Text } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import { formatCountdown } from '@merchant-hub/billing-rules';
import { useEffect, useState } from 'react';

const nowSeconds = () => Date.now() / 1000;

const secondsUntil = (endsAt: number | null, now: number): number => (endsAt === null ? 0 : Math.max(0, Math.ceil(endsAt - now)));

/**
 * Seconds left until `endsAtSeconds` (unix), recomputed every second; 0 once passed or when there is no end.
 * Computing from the wall clock rather than decrementing keeps a throttled background tab accurate.
 */
export const useSecondsLeft = (endsAtSeconds: number | null, now: () => number = nowSeconds): number => {
  const [left, setLeft] = useState(() => secondsUntil(endsAtSeconds, now()));
  useEffect(() => {
    setLeft(secondsUntil(endsAtSeconds, now()));
    if (endsAtSeconds === null) return undefined;
    const timer = setInterval(() => {
      const next = secondsUntil(endsAtSeconds, now());
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAtSeconds, now]);
  return left;
};

export type CountdownTextProps = TextProps & { seconds: number };

/**
 * m:ss as a timer: screen readers read it when the user comes to it, never on their own every second (a live
 * region that changes each second would talk over everything else).
 */
export const CountdownText = ({ seconds, ...props }: CountdownTextProps) => (
  <Text component="span" inherit role="timer" ff="monospace" {...props}>
    {formatCountdown(seconds)}
  </Text>
);
