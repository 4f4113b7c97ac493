/** Every "now" in the API comes from here, so tests and the sandbox test clock can move time. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export type FixedClock = Clock & { set: (at: Date | string) => void; advance: (seconds: number) => void };

export const createFixedClock = (start: Date | string): FixedClock => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (seconds) => {
      current = new Date(current.getTime() + seconds * 1000);
    },
  };
};

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
