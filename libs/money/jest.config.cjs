module.exports = {
  displayName: 'money',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
};
