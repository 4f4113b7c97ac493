import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const workspaceRoot = resolve(__dirname, '../../../../../..');

/** Relative Markdown link targets of a document, anchors and query strings dropped. */
const relativeLinks = (markdown: string): string[] =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#')).map((target) => target.split('#')[0]);

describe.each(['README.md', 'docs/README.md'])('%s', (document) => {
  const path = resolve(workspaceRoot, document);
  const text = readFileSync(path, 'utf8');

  it('links only to files inside the repository that exist', () => {
    for (const target of relativeLinks(text)) {
      const file = resolve(dirname(path), target);
      expect({ target, inside: !relative(workspaceRoot, file).startsWith('..'), exists: existsSync(file) }).toEqual({ target, inside: true, exists: true });
    }
  });
});

it("README names the full contract by a file inside the repository", () => {
  const line = readFileSync(resolve(workspaceRoot, 'README.md'), 'utf8')
    .split('\n')
    .find((l) => l.includes('full contract'));
  const target = line?.match(/\]\(([^)]+)\)/)?.[1];
  expect(target).toBe('docs/contracts.md');
  expect(readFileSync(resolve(workspaceRoot, 'docs/contracts.md'), 'utf8')).toContain('Development mailbox');
});
