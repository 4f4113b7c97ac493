module.exports = {
  displayName: 'domain',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
};
