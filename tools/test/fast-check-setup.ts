// Loaded before every Jest and Vitest test file (jest.preset.cjs, tools/vite/react-project.ts): every property
// test of the workspace runs with the same fixed seed and number of runs, so CI checks the same cases each time
// and a red run replays. fast-check prints the seed with every counterexample.
import fc from 'fast-check';
import { propertySettings } from './fast-check-settings';

fc.configureGlobal(propertySettings(process.env));
