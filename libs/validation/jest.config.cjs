module.exports = {
  displayName: 'validation',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
};
