// The command each Nx project's `target` runs (its project.json `options.command`), for the scripts that run one
// target of every project in a single process (lint-all.mjs, typecheck.mjs --all): project.json stays the one list.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const workspaceRoot = path.resolve(import.meta.dirname, '../..');

/** `{ file, command }` for every project under apps/, libs/ and tools/ whose `target` has a command, in path order. */
export const projectCommands = (target) =>
  ['apps', 'libs', 'tools'].flatMap((group) =>
    readdirSync(path.join(workspaceRoot, group))
      .sort()
      .map((name) => path.join(workspaceRoot, group, name, 'project.json'))
      .filter((file) => existsSync(file))
      .flatMap((file) => {
        const command = JSON.parse(readFileSync(file, 'utf8')).targets?.[target]?.options?.command;
        return command === undefined ? [] : [{ file, command }];
      }),
  );
