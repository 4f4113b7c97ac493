import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import * as validation from '../index';
import { isValidationMessageKey } from '../index';

const sourceDir = join(__dirname, '..');
const sources = readdirSync(sourceDir)
  .filter((file) => file.endsWith('.ts') && file !== 'messages.ts')
  .map((file) => readFileSync(join(sourceDir, file), 'utf8'));

const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(validation)) {
  if (name.endsWith('Schema') && value instanceof z.ZodType) schemas.push([name, value]);
}

describe('message keys used by the schemas', () => {
  const used = [...new Set(sources.flatMap((source) => source.match(/'validation:[A-Za-z0-9.]+'/g) ?? []))].map((quoted) => quoted.slice(1, -1));

  it('finds the keys in the sources', () => {
    expect(used).toEqual(expect.arrayContaining(['validation:billing.nameRequired', 'validation:gateway.postalCodeInvalid']));
  });

  it.each(used)('%s has an English text', (key) => {
    expect(isValidationMessageKey(key)).toBe(true);
  });
});

describe('JSON Schema of the request shapes (for the generated API reference)', () => {
  it('exports the schemas of the contract', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['signInFormSchema', 'billingInfoSchema', 'gatewayCheckoutSchema', 'addOnSubscribeSchema', 'merchantWizardSchema']),
    );
  });

  // Response schemas (the client's parse of each answer) may describe a list, or either of two answer shapes.
  const responseSchemas = new Set<z.ZodType>(Object.values(validation.apiResponseSchemas));
  type JsonShape = { type?: unknown; anyOf?: JsonShape[]; oneOf?: JsonShape[] };
  const kinds = (json: JsonShape): unknown[] => (json.type !== undefined ? [json.type] : [...(json.anyOf ?? []), ...(json.oneOf ?? [])].flatMap(kinds));

  it.each(schemas)('%s converts on its input side', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'input' });
    if (responseSchemas.has(schema)) {
      expect(kinds(json).length).toBeGreaterThan(0);
      expect(kinds(json).every((kind) => kind === 'object' || kind === 'array')).toBe(true);
    } else {
      expect(json.type).toBe('object');
    }
  });
});
