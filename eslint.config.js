import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const ONLY_DATA_USES_DEXIE = {
  name: 'dexie',
  message: 'Only src/data/ may import dexie; go through the repository.',
}
const ZOD_FROM_LIB = {
  name: 'zod',
  message: "Import z from '@/lib/zod', which configures zod before any schema is built.",
  allowTypeImports: true,
}

/** Only server/db talks to the database drivers; everything else goes through its services. */
const DATABASE_DRIVERS = [
  'pg',
  '@electric-sql/pglite',
  'drizzle-orm/pglite',
  'drizzle-orm/node-postgres',
].map((name) => ({ name, message: 'Only server/db may import database drivers.' }))

/** The server shares only the pure rules in src/domain (and the zod set-up they use) with the app. */
const SERVER_MAY_NOT_IMPORT = [
  {
    group: [
      '@/app/*',
      '@/data/*',
      '@/features/*',
      '@/routes/*',
      '@/ui/*',
      '@/pwa/*',
      '@/lib/*',
      '!@/lib/zod',
    ],
    message: 'server/ imports only src/domain from the app.',
  },
  { group: ['**/src/*'], message: "Import the app's domain rules as @/domain/…." },
]

/** The Stripe SDK works with the secret key: it stays on the server, out of the browser bundle. */
const SERVER_ONLY_PACKAGES = [
  { name: 'stripe', message: 'The Stripe SDK is for the server only (decision 026).' },
]

const NO_SERVER_IN_SRC = {
  group: ['**/server/*', '**/server'],
  message: 'src/ never imports server/.',
}

const FEATURES = ['auth', 'letters', 'billing', 'referrals', 'admin', 'marketing', 'settings']

/** A feature may not reach into another feature: shared pieces belong in ui/, lib/ or domain/. */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [ONLY_DATA_USES_DEXIE, ZOD_FROM_LIB, ...SERVER_ONLY_PACKAGES],
        patterns: [
          NO_SERVER_IN_SRC,
          ...FEATURES.filter((other) => other !== feature).map((other) => ({
            group: [`@/features/${other}/*`, `@/features/${other}`, `**/features/${other}/*`],
            message: `features/${feature} may not import features/${other}; move shared code to ui/, lib/ or domain/.`,
          })),
        ],
      },
    ],
  },
}))

export default tseslint.config(
  {
    ignores: [
      'dist*/**',
      '.bench-dist/**',
      'node_modules',
      'test-artifacts',
      'src/routeTree.gen.ts',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'off',
      'no-restricted-imports': ['error', { paths: [ONLY_DATA_USES_DEXIE, ZOD_FROM_LIB] }],
    },
  },
  {
    files: ['src/data/**/*.{ts,tsx}'],
    ignores: ['src/data/dexie/context.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='transaction'][arguments.0.value=/^r(eadonly)?$/]",
          message:
            'Read through readTransaction (src/data/dexie/context.ts), which answers when the reads are in (docs/decisions/016-reads-answer-when-read.md).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ONLY_DATA_USES_DEXIE, ZOD_FROM_LIB, ...SERVER_ONLY_PACKAGES],
          patterns: [
            { group: ['**/server/*', '**/server'], message: 'src/ never imports server/.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/data/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_FROM_LIB, ...SERVER_ONLY_PACKAGES],
          patterns: [
            { group: ['**/server/*', '**/server'], message: 'src/ never imports server/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/**', 'server/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_FROM_LIB, ...DATABASE_DRIVERS],
          patterns: SERVER_MAY_NOT_IMPORT,
        },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts', 'server/test-support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [ZOD_FROM_LIB], patterns: SERVER_MAY_NOT_IMPORT },
      ],
    },
  },
  {
    files: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended, tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
)
