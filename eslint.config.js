import { existsSync } from 'node:fs';
import path from 'node:path';
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

/** where the server's features live: src/server/features/<name>/ */
const FEATURES_DIR = path.resolve(import.meta.dirname, 'src/server/features');

/**
 * local/feature-entry: a feature reaches another feature only through its public entry,
 * `features/<name>/index.ts` (imported as `../<name>` or `../<name>/index`), never its other files
 * (decision 0035). A feature is held to it once it has an index.ts; the features without one yet are the
 * follow-up listed in docs/architecture.md. Static imports, re-exports and dynamic import() alike.
 */
const featureEntry = {
  meta: {
    type: 'problem',
    docs: { description: "a feature imports another feature only through that feature's public entry (features/<name>/index.ts)" },
    messages: {
      internal:
        "'{{source}}' is an internal file of the feature '{{feature}}': import it from '{{entry}}' (features/{{feature}}/index.ts), exporting it there when another feature truly needs it",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = path.relative(FEATURES_DIR, file).split(path.sep);
    // the feature the importing file belongs to (null: a file outside features/, or beside them like features/access.test.ts)
    const ownFeature = own.length > 1 && own[0] !== '..' ? own[0] : null;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const parts = path.relative(FEATURES_DIR, path.resolve(path.dirname(file), source)).split(path.sep);
      if (parts[0] === '..' || parts[0] === '' || path.isAbsolute(parts[0])) return;
      const [feature, ...rest] = parts;
      if (feature === ownFeature || rest.length === 0 || (rest.length === 1 && rest[0] === 'index')) return;
      if (!existsSync(path.join(FEATURES_DIR, feature, 'index.ts'))) return;
      const entry = source.slice(0, source.length - rest.join('/').length - 1);
      context.report({ node, messageId: 'internal', data: { source, feature, entry } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** src/web as the server's files would name it (../../web/…); the server and the web app share only src/shared */
const WEB_SOURCE = String.raw`^(\.\./)+web(/|$)`;

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'coverage/**', 'e2e/artifacts/**', 'test-results/**'] },
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
    plugins: { local: { rules: { 'no-cjk-literal': noCjkLiteral, 'feature-entry': featureEntry } } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    // apiTypes.ts is generated from the API document (npm run api:types): its enums carry the stored values
    ignores: ['src/web/i18n/**', 'src/web/**/*.test.{ts,tsx}', 'src/web/lib/apiTypes.ts'],
    rules: { 'local/no-cjk-literal': 'error' },
  },
  {
    // no import cycles (decision 0035). The extensions and parsers must name .ts/.tsx, or the rule parses no
    // TypeScript dependency and finds nothing; the packages' own cycles are not ours (ignoreExternal)
    files: ['src/server/**/*.{ts,tsx}', 'src/shared/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // the server never imports the web app's source: both import src/shared (decision 0035)
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: WEB_SOURCE, message: 'The server never imports src/web: share the code through src/shared (decision 0035).' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // esquery's /regex/ takes no '/' inside it: \x2F is one
          selector: `ImportExpression[source.value=/${WEB_SOURCE.replaceAll('/', String.raw`\x2F`)}/]`,
          message: 'The server never imports src/web: share the code through src/shared (decision 0035).',
        },
      ],
    },
  },
  {
    // a feature reaches another only through its public entry; app.ts and main.ts wire the features'
    // route plugins and start-up tasks together
    files: ['src/server/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['src/server/app.ts', 'src/server/main.ts'],
    rules: { 'local/feature-entry': 'error' },
  },
);
