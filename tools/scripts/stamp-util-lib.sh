#!/usr/bin/env bash
# Lays out a pure TypeScript library (Jest tests, ESLint, typecheck). Usage: stamp-util-lib.sh NAME TYPE_TAG
set -euo pipefail
name=$1; type=${2:-util}; dir=libs/$name
mkdir -p "$dir/src"
cat > "$dir/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$dir/src",
  "projectType": "library",
  "tags": ["type:$type", "scope:shared"],
  "targets": {
    "lint": { "executor": "nx:run-commands", "options": { "command": "eslint $dir" } },
    "typecheck": {
      "executor": "nx:run-commands",
      "options": { "command": "tsc -p $dir/tsconfig.lib.json && tsc -p $dir/tsconfig.spec.json" }
    },
    "test": {
      "executor": "nx:run-commands",
      "outputs": ["{workspaceRoot}/tmp/test-results/$name.json"],
      "options": { "command": "mkdir -p tmp/test-results && jest --config $dir/jest.config.cjs --json --outputFile=tmp/test-results/$name.json" }
    }
  }
}
JSON
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "noEmit": true },
  "include": ["src/**/*.ts"]
}
JSON
cat > "$dir/tsconfig.lib.json" <<JSON
{
  "extends": "./tsconfig.json",
  "compilerOptions": { "lib": ["ES2023"] },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.test.ts", "src/**/__tests__/**"]
}
JSON
cat > "$dir/tsconfig.spec.json" <<JSON
{
  "extends": "./tsconfig.json",
  "compilerOptions": {
    "module": "commonjs",
    "moduleResolution": "node10",
    "ignoreDeprecations": "6.0",
    "types": ["jest", "node"]
  },
  "include": ["src/**/*.ts"]
}
JSON
cat > "$dir/jest.config.cjs" <<JS
module.exports = {
  displayName: '$name',
  preset: '../../jest.preset.cjs',
  rootDir: __dirname,
};
JS
