import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnly = {
  name: 'electron',
  message: 'Only src/main/index.ts, src/main/electron/ and src/preload may import electron.',
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'resources/**',
      'perf-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-empty': ['error', { allowEmptyCatch: false }],
      'no-restricted-imports': ['error', { paths: [electronOnly] }],
    },
  },
  {
    // The domain runs in plain Node: only the Electron entry binds it to Electron.
    files: ['src/main/index.ts', 'src/main/electron/**', 'src/preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@moba/base$|\\.{1,2}/).*',
              message: 'src/shared imports nothing but zod, @moba/base and itself.',
            },
            {
              group: ['../main/*', '../renderer/*', '../preload/*', '../../*'],
              message: 'src/shared imports nothing but zod, @moba/base and itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [
            {
              group: [
                '**/main/**',
                '**/preload/**',
                'node:*',
                'better-sqlite3',
                '@devicefarmer/adbkit',
                'openai',
                '@moba/sim',
                '@moba/sim/*',
                '@moba/testkit',
                '@moba/testkit/*',
                '@moba/base/node',
              ],
              message: 'The renderer talks to main only through the contract (src/shared).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '@moba/*', 'zod'],
              message: 'The preload exposes the contract method names only.',
            },
          ],
        },
      ],
    },
  },
);
