import defaults from './fast-check.json';

/** The seed and number of runs every property test of the workspace uses (tools/test/README.md). */
export type PropertySettings = { seed: number; numRuns: number };

const integerFrom = (name: string, text: string, min: number, max: number): number => {
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${text}'`);
  }
  return value;
};

/**
 * The fixed seed and run count of tools/test/fast-check.json, or what FC_SEED (a whole number, or `random` for a
 * new one each run) and FC_NUM_RUNS ask for. A bad value stops the run with a readable message rather than
 * silently testing something else.
 */
export const propertySettings = (env: Record<string, string | undefined>, random: () => number = Math.random): PropertySettings => {
  const seedText = env.FC_SEED?.trim() || undefined;
  const runsText = env.FC_NUM_RUNS?.trim() || undefined;
  const seed =
    seedText === undefined ? defaults.seed : seedText === 'random' ? Math.floor(random() * 2 ** 31) : integerFrom('FC_SEED', seedText, -(2 ** 31), 2 ** 32 - 1);
  const numRuns = runsText === undefined ? defaults.numRuns : integerFrom('FC_NUM_RUNS', runsText, 1, 10_000_000);
  return { seed, numRuns };
};
