#!/usr/bin/env node
// Type-checks one project: each tsconfig given (its library or app config, then its spec config) in one process,
// reporting the errors of the files that config includes, and only those. The libraries a project imports are
// reached through path aliases that point at their sources, so `tsc -p` checked every imported library's whole
// source again in every project that imports it, twice (once per config); each library's own typecheck task
// checks its files, so here an imported file is read only for the types it exports. A file the first config
// checked is not checked again by the next (the spec config adds the tests and the test runner's types to the
// sources), and files are parsed once for both configs (they differ in `types` and `include`, not in how a file
// parses). docs/test-speed.md.
//
//   node tools/scripts/typecheck.mjs <tsconfig.json>...
//   node tools/scripts/typecheck.mjs --all
//
// `--all` checks every project that has a `typecheck` target, with the configs that target names, in this one
// process (`npm test` runs it as architecture:typecheck-all): the libraries' sources and the type packages
// (React's, Mantine's) are then parsed once for the whole workspace instead of once per project; 14 processes
// took 162 s of CPU, one 73 s (docs/test-speed.md).
//
// Exit code 0 with no error, 1 with errors (printed as `tsc` prints them), 2 on a usage or config error.
import path from 'node:path';
import ts from 'typescript';
import { projectCommands, workspaceRoot } from './project-commands.mjs';

const COMMAND = 'node tools/scripts/typecheck.mjs ';

/** The configs every project's own `typecheck` target names (project.json), projects in path order. */
const workspaceConfigs = () =>
  projectCommands('typecheck').flatMap(({ file, command }) => {
    if (!command.startsWith(COMMAND)) throw new Error(`${file}: the typecheck target is not \`${COMMAND}<tsconfig.json>...\``);
    return command.slice(COMMAND.length).trim().split(/\s+/).map((config) => path.join(workspaceRoot, config));
  });

const configPaths = process.argv[2] === '--all' ? workspaceConfigs() : process.argv.slice(2);
if (configPaths.length === 0) {
  console.error('usage: node tools/scripts/typecheck.mjs <tsconfig.json>... | --all');
  process.exit(2);
}

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};
const fail = (diagnostics, code) => {
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  process.exit(code);
};

/** Parsed files shared by every config of the run, keyed by file and by the parse options TypeScript asks for. */
const parsedFiles = new Map();
/** Files an earlier config of the run has checked: the spec config checks the tests, not the sources again. */
const checkedFiles = new Set();
let errorCount = 0;

for (const configPath of configPaths) {
  const configErrors = [];
  const config = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => configErrors.push(diagnostic),
  });
  if (config === undefined || configErrors.length > 0 || config.errors.length > 0) {
    fail([...configErrors, ...(config?.errors ?? [])], 2);
  }

  const host = ts.createCompilerHost(config.options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const key = `${fileName}\0${JSON.stringify(languageVersionOrOptions)}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, readSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate));
    return parsedFiles.get(key);
  };

  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host,
  });
  const ownFiles = new Set(config.fileNames.map((fileName) => path.resolve(fileName)).filter((fileName) => !checkedFiles.has(fileName)));
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const sourceFile of program.getSourceFiles()) {
    if (!ownFiles.has(path.resolve(sourceFile.fileName))) continue;
    diagnostics.push(...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile));
  }
  for (const fileName of ownFiles) checkedFiles.add(fileName);
  const errors = diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (diagnostics.length > 0) console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  errorCount += errors.length;
}

if (errorCount > 0) {
  console.error(`${errorCount} type error${errorCount === 1 ? '' : 's'}`);
  process.exit(1);
}
