import { config } from 'zod/v4';

/**
 * Vite resolves every `import … from 'zod'` of the bundle (libs/domain's schemas included) to this module
 * (vite.config.ts), so it runs before any schema is built. Zod probes `new Function` when it builds an object schema,
 * to compile fast parsers; the production server's CSP forbids eval, so the probe fails and the browser reports a
 * CSP violation on every page. Jitless: the same results, without the probe. (An import at the top of main.tsx would
 * come too late: the bundler evaluates the shared chunk holding zod and the schemas before the entry's own code.)
 */
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
