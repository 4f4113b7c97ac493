// Shared Jest settings: Nx's resolver maps @merchant-hub/* to the libraries' sources; ts-jest compiles each
// project with its own tsconfig.spec.json. Relative ESM imports written as './x.js' resolve to './x.ts'.
const { join } = require('node:path');
const nxPreset = require('@nx/jest/preset').default;

module.exports = {
  ...nxPreset,
  testEnvironment: 'node',
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.spec.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Property tests: one fixed seed and run count for the workspace (tools/test/README.md).
  setupFiles: [join(__dirname, 'tools/test/fast-check-setup.ts')],
};
