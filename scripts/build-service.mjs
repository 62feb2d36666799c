#!/usr/bin/env node
// Bundles one service for its container image. Run from the service's folder
// (`pnpm build` there runs `node ../../scripts/build-service.mjs`).
//
// - src/main.ts, and src/bootstrap-org.ts where it exists, become dist/<name>.js
//   (CommonJS for Node 20, with source maps).
// - The @stockyard/* workspace packages are bundled in: they ship as TypeScript
//   source ("main": "src/index.ts"), which plain `node` cannot load.
// - Every third-party package stays external: `pnpm deploy --prod` installs those in
//   the image, so native addons, optional peers and packages that read their own
//   files at run time (pino, mongoose, ...) keep working as published.
// - A bare import that no package.json on the way declares fails the build here,
//   rather than being silently bundled or missing from the image at run time.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serviceDir = process.cwd();
const WORKSPACE_SCOPE = '@stockyard/';

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

const servicePkgFile = path.join(serviceDir, 'package.json');
if (!existsSync(servicePkgFile) || !existsSync(path.join(serviceDir, 'src', 'main.ts'))) {
  console.error(`build-service: run me from a service folder (no package.json + src/main.ts in ${serviceDir})`);
  process.exit(1);
}
const servicePkg = readJson(servicePkgFile);

/** name -> package.json of every workspace project (the globs of pnpm-workspace.yaml). */
const workspace = new Map();
for (const group of ['packages', 'services']) {
  const groupDir = path.join(repoRoot, group);
  if (!existsSync(groupDir)) continue;
  for (const entry of readdirSync(groupDir, { withFileTypes: true })) {
    const file = path.join(groupDir, entry.name, 'package.json');
    if (entry.isDirectory() && existsSync(file)) {
      const pkg = readJson(file);
      workspace.set(pkg.name, pkg);
    }
  }
}

/** Runtime dependencies only: devDependencies never reach the image. */
function runtimeDeps(pkg) {
  return Object.keys({ ...pkg.peerDependencies, ...pkg.optionalDependencies, ...pkg.dependencies });
}

// Walk the service and the workspace packages it depends on (transitively):
// workspace names get bundled, every other name is external.
const external = new Set();
const bundled = new Set();
const pending = [servicePkg];
while (pending.length > 0) {
  for (const dep of runtimeDeps(pending.pop())) {
    if (dep.startsWith(WORKSPACE_SCOPE) || workspace.has(dep)) {
      if (bundled.has(dep)) continue;
      const pkg = workspace.get(dep);
      if (!pkg) throw new Error(`build-service: ${dep} is not a workspace package`);
      bundled.add(dep);
      pending.push(pkg);
    } else {
      external.add(dep);
    }
  }
}

const builtins = new Set(builtinModules);
/** "lodash/fp" -> "lodash", "@scope/pkg/sub" -> "@scope/pkg". */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Fails the build on a bare import nobody declares (see the header). */
const declaredDependenciesOnly = {
  name: 'declared-dependencies-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageName(args.path);
      if (args.path.startsWith('node:') || builtins.has(name)) return { path: args.path, external: true };
      if (external.has(name)) return { path: args.path, external: true };
      if (bundled.has(name)) return undefined; // esbuild resolves it to the workspace source
      return {
        errors: [
          {
            text:
              `"${args.path}" is imported by ${path.relative(repoRoot, args.importer)} but is not a runtime ` +
              `dependency of ${servicePkg.name} or of the workspace packages it uses; add it to the ` +
              `importing package's "dependencies" so the image installs it`,
          },
        ],
      };
    });
  },
};

const entryPoints = ['src/main.ts', 'src/bootstrap-org.ts'].filter((f) => existsSync(path.join(serviceDir, f)));
const outdir = path.join(serviceDir, 'dist');
rmSync(outdir, { recursive: true, force: true }); // no stale bundles from a renamed entry

const result = await build({
  absWorkingDir: serviceDir,
  entryPoints,
  outdir,
  outbase: 'src',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true, // the image runs node with --enable-source-maps: stack traces name the .ts lines
  keepNames: true, // bundling may rename clashing classes; keep Error subclass names intact
  external: [...external],
  plugins: [declaredDependenciesOnly],
  metafile: true,
  logLevel: 'warning',
}).catch(() => {
  // esbuild has already printed each error with its source location
  console.error(`build-service: ${servicePkg.name} failed to bundle`);
  process.exit(1);
});

for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  console.log(`${path.relative(serviceDir, path.resolve(serviceDir, file))}  ${(output.bytes / 1024).toFixed(1)} KiB`);
}
console.log(`bundled: ${[...bundled].sort().join(', ') || '(none)'}`);
console.log(`external: ${[...external].sort().join(', ') || '(none)'}`);
