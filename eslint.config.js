// The linter: ESLint's and typescript-eslint's recommended rules over the TypeScript sources and the scripts.
// Layout is Prettier's (`npm run format`), so no rule here is about layout.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/', 'reports/', 'coverage/', 'node_modules/', 'src/generate/text-pools.data.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // `_name` is the project's way of saying "left out on purpose" (a header dropped by destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // WordPress's sanitizers and XML's rules name control characters; matching them is the point.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests and their helpers poke at answers of any shape; production code says what it reads.
    files: ['**/*.test.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
