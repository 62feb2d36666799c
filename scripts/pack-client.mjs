// `npm run client:pack [-- <folder>]`: builds @stockyard/client for partners and packs it with `npm pack`
// into <folder> (packages/client/dist by default), printing the tarball's path. The code: ESM and CommonJS,
// the contracts bundled in, zod a dependency (packages/client/tsup.config.ts). The declarations: tsc's, of
// the client and of the contracts it is typed from, the workspace name rewritten to their relative path.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENT = path.join(ROOT, 'packages/client');
const OUT = path.join(CLIENT, 'dist/package');
const destination = path.resolve(process.argv[2] ?? path.join(CLIENT, 'dist'));

const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
const TYPES = 'types/client/src/index.d.ts';

/** tsc's declarations of the client and the contracts under types/, the client's import of them made relative. */
function declarations() {
  const config = path.join(OUT, 'tsconfig.types.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: path.join(ROOT, 'tsconfig.base.json'),
      compilerOptions: {
        declaration: true,
        emitDeclarationOnly: true,
        noEmit: false,
        composite: false,
        incremental: false,
        skipLibCheck: true,
        rootDir: path.join(ROOT, 'packages'),
        outDir: path.join(OUT, 'types'),
        // The workspace's source, not a library in node_modules (tsc writes no declarations for those).
        paths: { '@stockyard/contracts': [path.join(ROOT, 'packages/contracts/src/index.ts')] },
      },
      files: [path.join(CLIENT, 'src/index.ts')],
    }),
  );
  run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', config], OUT);
  const dir = path.join(OUT, 'types/client/src');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.d.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    writeFileSync(
      path.join(dir, file),
      text.replace(/(['"])@stockyard\/contracts\1/g, '$1../../contracts/src/index$1'),
    );
  }
}

run(path.join(CLIENT, 'node_modules/.bin/tsup'), [], CLIENT);
declarations();
const source = JSON.parse(readFileSync(path.join(CLIENT, 'package.json'), 'utf8'));
const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  license: 'UNLICENSED',
  engines: { node: '>=20' },
  main: './index.js',
  module: './index.mjs',
  types: `./${TYPES}`,
  exports: {
    '.': { types: `./${TYPES}`, import: './index.mjs', require: './index.js' },
    './package.json': './package.json',
  },
  files: ['index.js', 'index.mjs', 'types', 'README.md'],
  dependencies: { zod: source.dependencies.zod },
};
writeFileSync(path.join(OUT, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(path.join(CLIENT, 'README.md'), path.join(OUT, 'README.md'));
mkdirSync(destination, { recursive: true });
const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', destination], OUT).toString());
process.stdout.write(`${path.join(destination, packed.filename)}\n`);
