// ESLint over every TypeScript source with typescript-eslint's type-checked recommended rules;
// `npm test` runs it (test/lint.spec.ts). What is switched off, and why:
// - require-await: an `async` function without `await` is how a handler or a fake peer keeps a
//   thrown error a rejected promise; the rule's fix (drop `async`) turns it into a synchronous throw.
// - prefer-promise-reject-errors takes an `any` or `unknown` reason: a callback's `err` or a caught error
//   passed on as it came (an AppError keeps its status); only-throw-error allows the same by default.
// - tests and benchmarks: the no-unsafe-* rules. They read an answer's JSON as `any` and assert on
//   (or count) its fields; the answer's shape is held by the contract check and the route's schema.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.stockyard/**', 'infra/**', 'k8s/**', '**/*.{js,mjs,cjs}'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_name` says "unused on purpose" (a handler's unused request, a destructured rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    files: ['**/test/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
