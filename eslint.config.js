import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Chinese (CJK ideographs, CJK punctuation, full-width forms) in a piece of code's text: in the web app every
 * visible text lives in the i18n resources (src/web/i18n/<lang>/), so a Chinese literal anywhere else in
 * src/web is a text an English reader would meet in Chinese (decision 0029). Comments are not code.
 */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** local/no-cjk-literal: strings, template parts, JSX text and regular expressions with Chinese in them */
const noCjkLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Chinese text belongs in the i18n resources (src/web/i18n/zh-CN and en), or in src/shared when the server shares it' },
    messages: {
      cjk: 'Chinese text in code: move it into src/web/i18n/zh-CN and en (or src/shared when the server shares it); where it truly must stay, say why in "// eslint-disable-next-line local/no-cjk-literal -- <why>"',
    },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      if (typeof text === 'string' && CJK.test(text)) context.report({ node, messageId: 'cjk' });
    };
    return {
      Literal: (node) => check(node, typeof node.value === 'string' ? node.value : node.regex?.pattern),
      TemplateElement: (node) => check(node, node.value.cooked ?? node.value.raw),
      JSXText: (node) => check(node, node.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'coverage/**', 'e2e/artifacts/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // the plugin is known everywhere (an allow-comment naming it never trips "rule not found"), on in src/web
    plugins: { local: { rules: { 'no-cjk-literal': noCjkLiteral } } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    // apiTypes.ts is generated from the API document (npm run api:types): its enums carry the stored values
    ignores: ['src/web/i18n/**', 'src/web/**/*.test.{ts,tsx}', 'src/web/lib/apiTypes.ts'],
    rules: { 'local/no-cjk-literal': 'error' },
  },
  {
    files: ['src/server/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
);
