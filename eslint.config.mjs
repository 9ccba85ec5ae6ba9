import next from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [".next*/**", '.contentlayer/**', 'lib/generated/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'bench/results.json', 'packages/*/dist/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];

export default config;
