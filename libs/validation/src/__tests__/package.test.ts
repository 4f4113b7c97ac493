import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The published package is checked as a stranger would use it: plain Node importing the built ESM, and a
// TypeScript project with Node's own module resolution reading the built .d.ts.
jest.setTimeout(180_000);

const libRoot = resolve(__dirname, '..', '..');
const workspaceRoot = resolve(libRoot, '..', '..');
const distDir = join(workspaceRoot, 'dist', 'libs', 'validation');

function newestMtime(dir: string): number {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== '__tests__')
    .map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    })
    .reduce((a, b) => Math.max(a, b), 0);
}

/** Builds when dist is missing or older than the sources, so the test never checks a stale package. */
function ensureBuilt(): void {
  const manifest = join(distDir, 'package.json');
  const sourcesChanged = Math.max(
    newestMtime(join(libRoot, 'src')),
    newestMtime(join(libRoot, 'scripts')),
    statSync(join(libRoot, 'tsconfig.build.json')).mtimeMs,
    statSync(join(libRoot, 'README.md')).mtimeMs,
  );
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= sourcesChanged) return;
  execFileSync(process.execPath, [join(libRoot, 'scripts', 'build.mjs')], { cwd: workspaceRoot, stdio: 'pipe' });
}

/** A scratch project outside the workspace where `@merchant-hub/validation` is the built package. */
function consumerProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'validation-consumer-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  mkdirSync(join(dir, 'node_modules', '@merchant-hub'), { recursive: true });
  symlinkSync(distDir, join(dir, 'node_modules', '@merchant-hub', 'validation'), 'dir');
  return dir;
}

const USE_THE_PACKAGE = `
  const valid = { name: 'Ali', email: 'ali@shop.my', address1: '1 Jalan Ampang', city: 'KL', postal_code: '50450', country: 'Malaysia', state_or_region: 'KL' };
  const ok = lib.billingInfoSchema.safeParse(valid);
  const bad = lib.billingInfoSchema.safeParse({ ...valid, postal_code: '123' });
  const key = lib.fieldErrors(bad.error).postal_code;
  const gateway = lib.makeGatewayCheckoutSchema({ countryHasStates: false }).safeParse({ postal_code: '1-1-0' });
  console.log(JSON.stringify({ ok: ok.success, key, text: lib.validationMessagesEn[key], postal: lib.fieldErrors(gateway.error).postal_code }));
`;

const EXPECTED_OUTPUT = {
  ok: true,
  key: 'validation:billing.postalCodeInvalid',
  text: 'Please enter a valid postal code',
  // '1-1-0' strips to '110', a valid gateway postal code, so the field has no error.
};

describe('the built npm package', () => {
  let consumer = '';

  beforeAll(() => {
    ensureBuilt();
    consumer = consumerProject();
  });

  afterAll(() => {
    if (consumer) rmSync(consumer, { recursive: true, force: true });
  });

  it('has a manifest with name, version, ESM type, entry points and the workspace zod', () => {
    const manifest = JSON.parse(readFileSync(join(distDir, 'package.json'), 'utf8'));
    const workspace = JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: '@merchant-hub/validation',
      version: '0.1.0',
      type: 'module',
      types: './index.d.ts',
      exports: { '.': { types: './index.d.ts', import: './index.js' } },
      dependencies: { zod: workspace.dependencies.zod },
    });
    expect(manifest.dependencies).toEqual({ zod: '4.6.7' });
  });

  it('ships JavaScript, declarations and the README, but no tests', () => {
    const files = readdirSync(distDir);
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'messages.js', 'messages.d.ts', 'README.md']));
    expect(files.some((file) => file.includes('test') || file === '__tests__')).toBe(false);
    expect(readFileSync(join(distDir, 'README.md'), 'utf8')).toContain("from '@merchant-hub/validation'");
  });

  it('loads in plain Node from its file path', () => {
    const script = `const lib = await import(${JSON.stringify(join(distDir, 'index.js'))});${USE_THE_PACKAGE}`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: tmpdir(), encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual(EXPECTED_OUTPUT);
  });

  it('loads in plain Node by its package name through the exports map', () => {
    const script = `const lib = await import('@merchant-hub/validation');${USE_THE_PACKAGE}`;
    writeFileSync(join(consumer, 'use.mjs'), script);
    const output = execFileSync(process.execPath, [join(consumer, 'use.mjs')], { cwd: consumer, encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual(EXPECTED_OUTPUT);
  });

  it('type-checks a TypeScript consumer using Node module resolution', () => {
    writeFileSync(
      join(consumer, 'consumer.ts'),
      [
        "import { billingInfoSchema, fieldErrors, type BillingInfoOutput, type ValidationMessageKey } from '@merchant-hub/validation';",
        "const parsed: BillingInfoOutput = billingInfoSchema.parse({});",
        'const postal: string = parsed.postal_code;',
        '// @ts-expect-error postal_code is text, so the declarations must not type it as a number',
        'const wrong: number = parsed.postal_code;',
        "const key: ValidationMessageKey = 'validation:billing.nameRequired';",
        "// @ts-expect-error an unknown key is not a ValidationMessageKey",
        "const unknownKey: ValidationMessageKey = 'validation:nope';",
        'export const used = [postal, wrong, key, unknownKey, fieldErrors];',
      ].join('\n'),
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { noEmit: true, strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: [] },
        files: ['consumer.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const args = ['-p', join(consumer, 'tsconfig.json')];
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, ...args], { cwd: consumer, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });
});
