/**
 * `node -r ./ts-register.cjs entry.ts`: runs the API's TypeScript in a real child process without a build step,
 * so integration tests can start the worker (or anything else) as its own process and kill it like production would.
 *
 * Compiles with the same swc options as the Jest transform in /jest.config.js, so code behaves the same in the
 * child as in the test process (legacy decorators + emitted metadata are what Nest's dependency injection needs).
 * `@oficios/domain` is not aliased: it resolves through node_modules to libs/domain/dist, which must be built.
 */
const { transformSync } = require('@swc/core');

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
  // Only these options: a stray .swcrc must not change what the tests run.
  swcrc: false,
  configFile: false,
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = require('node:fs').readFileSync(filename, 'utf8');
  const { code } = transformSync(source, { ...SWC_OPTIONS, filename });
  module._compile(code, filename);
};

// Stack traces from the child then point at .ts lines (Node reads the inline maps handed to module._compile).
process.setSourceMapsEnabled(true);
