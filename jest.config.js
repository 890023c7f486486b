/** One Jest run, five projects: pure rules, api units, api integration (real Postgres/Redis), web components, and the web server on the built SPA. */
const swcNode = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const domainAlias = { '^@oficios/domain$': '<rootDir>/libs/domain/src/index.ts' };

module.exports = {
  // Integration tests wait on real services, workers and child processes: slower than units, more so on a loaded 2-core machine.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'domain',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/libs/domain/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': swcNode },
    },
    {
      displayName: 'api-unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/apps/api/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': swcNode },
      moduleNameMapper: domainAlias,
    },
    {
      displayName: 'api-integration',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/apps/api/test/**/*.e2e-spec.ts'],
      // @fastify/static (the uploads, the docs UI, the queue board) requires content-disposition 3, which is ESM only.
      transform: { '^.+\\.ts$': swcNode, '/content-disposition/.+\\.js$': swcNode },
      transformIgnorePatterns: ['/node_modules/(?!(.*/node_modules/)?content-disposition/)'],
      moduleNameMapper: domainAlias,
    },
    {
      // The production web server (apps/web/server/serve.mjs) run on the built SPA, over HTTP.
      displayName: 'web-server',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/apps/web/server/**/*.e2e-spec.ts'],
      transform: { '^.+\\.ts$': swcNode },
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      rootDir: __dirname,
      testMatch: ['<rootDir>/apps/web/src/**/*.spec.{ts,tsx}'],
      // Stand-in for the constant Vite's `define` injects (apps/web/vite.config.ts).
      globals: { __API_URL__: 'http://localhost:3001', __ANTD_MAP_TOKEN__: null },
      setupFiles: ['<rootDir>/apps/web/jest.polyfills.cjs'],
      setupFilesAfterEnv: ['<rootDir>/apps/web/jest.setup.ts'],
      transform: {
        '^.+\\.(t|j)sx?$': [
          '@swc/jest',
          {
            jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
            module: { type: 'commonjs' },
          },
        ],
      },
      transformIgnorePatterns: ['/node_modules/(?!(jotai|@tanstack|@ant-design/colors|@ant-design/fast-color)/)'],
      moduleNameMapper: {
        ...domainAlias,
        '\\.(css|svg|png|jpg|webp)$': '<rootDir>/apps/web/test-file-stub.cjs',
        // No network in component tests: the live connection gets a socket the test plays the server for.
        '^socket\\.io-client$': '<rootDir>/apps/web/src/testing/fake-socket.ts',
      },
    },
  ],
};
