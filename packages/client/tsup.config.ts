import { defineConfig } from 'tsup';

/**
 * The client a partner installs (`npm run client:pack` at the root, scripts/pack-client.mjs): the
 * client and the contracts it is typed from bundled into one module, ESM and CommonJS; zod stays a
 * dependency (the declarations, which tsc writes beside it, name its schemas).
 */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  outDir: 'dist/package',
  noExternal: ['@stockyard/contracts'],
  external: ['zod'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: false,
  tsconfig: '../../tsconfig.base.json',
});
