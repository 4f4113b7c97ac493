module.exports = {
  displayName: 'billing-rules',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
};
