// One lint setup for the whole repository.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/**
 * The architecture's boundaries, checked on every import (DESIGN.md, "Ownership"):
 * - an API module imports another only through its public file (`modules/<name>/index.ts`), and so does common code;
 * - a web feature never imports another feature (shared code lives in `shared/`, composition in `app/`) but the places
 *   one, through its public file (`features/localities/index.ts`: the place fields every form and page uses), shared code
 *   imports no feature and no app code, features import no app code;
 * - identity is the bottom of the API's modules: it uses the outbox (how every module records its events) and no
 *   business module; a flow that needs one is composed above it (modules/sign-in) or reacts to identity's events;
 * - the web's test helpers (`src/testing`) are for tests only, and compose no app code (a test that needs it passes it);
 * - and nowhere an import cycle.
 */
const API_MODULES = 'apps/api/src/modules';
const WEB = 'apps/web/src';
const PUBLIC_FILE = `**/${API_MODULES}/*/index.ts`;
const IDENTITY_MAY_USE = ['identity', 'outbox'];
const boundaryZones = [
  ...folders(`./${API_MODULES}`).map((name) => ({
    target: `${API_MODULES}/${name}/**`,
    from: `${API_MODULES}/**`,
    except: [`**/${API_MODULES}/${name}/**`, PUBLIC_FILE],
    message: `El módulo ${name} usa otro módulo sólo por su archivo público (modules/<módulo>/index.ts).`,
  })),
  {
    target: `${API_MODULES}/identity/**`,
    from: folders(`./${API_MODULES}`)
      .filter((name) => !IDENTITY_MAY_USE.includes(name))
      .map((name) => `${API_MODULES}/${name}/**`),
    message:
      'identity no usa módulos de negocio (sólo outbox): lo que los cruza se compone encima (modules/sign-in) o reacciona a sus eventos.',
  },
  {
    target: 'apps/api/src/common/**',
    from: `${API_MODULES}/**`,
    except: [PUBLIC_FILE],
    message: 'El código común usa un módulo sólo por su archivo público (modules/<módulo>/index.ts).',
  },
  ...folders(`./${WEB}/features`).map((name) => ({
    target: `${WEB}/features/${name}/**`,
    from: `${WEB}/features/**`,
    // The places (localities) feature is the one every other may use, through its public file.
    except: [`**/${WEB}/features/${name}/**`, `**/${WEB}/features/localities/index.ts`],
    message: `La funcionalidad ${name} no importa otras funcionalidades (salvo localities/index.ts): lo compartido va en shared/, la composición en app/.`,
  })),
  { target: `${WEB}/features/**`, from: `${WEB}/app/**`, message: 'Las funcionalidades no importan app/: app/ las compone.' },
  {
    target: `${WEB}/shared/**`,
    from: [`${WEB}/features/**`, `${WEB}/app/**`],
    message: 'shared/ no importa funcionalidades ni app/.',
  },
  {
    // Every file of src but the specs and the helpers themselves.
    target: [`${WEB}/!(*.spec).{ts,tsx}`, `${WEB}/!(testing)/**/!(*.spec).{ts,tsx}`],
    from: `${WEB}/testing/**`,
    message: 'El código de producción no importa src/testing: sus ayudas son sólo para los tests.',
  },
  { target: `${WEB}/testing/**`, from: `${WEB}/app/**`, message: 'src/testing no importa app/: el test que lo necesita se lo pasa.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-e2e/**',
      '**/dist-audit/**',
      '**/dist-profile/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|describe|test)$/][callee.property.name='only']",
          message: 'No .only in committed tests',
        },
        { selector: "CallExpression[callee.object.name=/^(it|describe|test)$/][callee.property.name='skip']", message: 'No skipped tests' },
      ],
    },
  },
  {
    // antd's Typography mounts its ellipsis machinery for every text (without it the listing's main thread works a quarter
    // less): the app's texts come from shared/ui/typography, the same markup without it.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/shared/ui/typography.tsx`, `${WEB}/shared/ui/typography.spec.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          name: 'antd',
          importNames: ['Typography'],
          message: 'Typography sale de shared/ui/typography (el mismo marcado, sin la maquinaria de elipsis de antd).',
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'libs/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are TypeScript too: parse them, or the cycle check would not see through them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'libs/domain/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: ['**/*.{js,mjs,cjs}', 'scripts/**', 'test/**'], languageOptions: { globals: { ...globals.node } } },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['apps/web/jest.*'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
