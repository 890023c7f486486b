import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { antdStaticStyle } from './build/antd-static-style';
import { precompressPlugin } from './build/precompress';
import { prerenderPages } from './build/prerender-pages';
import { precomputeMapToken } from './src/shared/ui/precomputed-theme';
import { THEME } from './src/shared/ui/theme';

const DEFAULT_API_URL = 'http://localhost:3001';

/**
 * antd's ConfigProvider statically imports its tooltip UniqueProvider, used only
 * with `tooltip.unique` (never set here); it alone would put @rc-component/trigger
 * in the landing page's first bundle. Swap it for a pass-through component.
 * If antd moves the file this is a no-op and the landing bundle grows.
 */
function dropTooltipUniqueProvider(stub: string): Plugin {
  return {
    name: 'oficios:drop-tooltip-unique-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../tooltip/UniqueProvider' && importer && /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) {
        return stub;
      }
      return null;
    },
  };
}

/**
 * `<link rel="preconnect">` to the API, first in <head>: the first page's data and photos come from there, and the
 * connection is opened while the scripts load instead of after. With credentials, as the API is asked (cookies).
 */
function preconnectToApi(apiUrl: string): Plugin {
  return {
    name: 'oficios:preconnect-to-api',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'preconnect', href: new URL(apiUrl).origin, crossorigin: 'use-credentials' }, injectTo: 'head' },
    ],
  };
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const root = fileURLToPath(new URL('.', import.meta.url));
  // loadEnv also picks up VITE_* variables from the process environment.
  const env = loadEnv(mode, root, 'VITE_');
  const apiUrl = (env.VITE_API_URL || DEFAULT_API_URL).replace(/\/+$/, '');
  // Cart, order and payment calls may go to a host of their own (spec §7); the API by default.
  const paymentsApiUrl = (env.VITE_PAYMENTS_API_URL || apiUrl).replace(/\/+$/, '');

  return {
    root,
    plugins: [
      react(),
      // antd's styles as a stylesheet made with the theme (antd runs with zeroRuntime).
      antdStaticStyle(),
      preconnectToApi(apiUrl),
      dropTooltipUniqueProvider(fileURLToPath(new URL('./src/app/vendor/tooltip-unique-provider.tsx', import.meta.url))),
      // The first render of the landing and of the other pages' shells, at build time (PRERENDERED_PAGES).
      prerenderPages(),
      // Brotli and gzip copies of the text files for the production server (apps/web/server/serve.mjs); not of the
      // prerender's own server bundle.
      ...(isSsrBuild ? [] : [precompressPlugin()]),
    ],
    resolve: {
      alias: [
        { find: '@oficios/domain', replacement: fileURLToPath(new URL('../../libs/domain/src/index.ts', import.meta.url)) },
        // Source imports the CommonJS locale path Jest can load; the bundle takes the ES build.
        { find: /^antd\/locale\/(.+)$/, replacement: 'antd/es/locale/$1' },
        // Zod without its eval probe, which the production CSP reports (see the file).
        { find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zod-jitless.ts', import.meta.url)) },
      ],
    },
    // A global constant rather than import.meta.env: Jest's CommonJS transform cannot read import.meta.
    // The theme's map tokens too, derived here once instead of in every visitor's first render (precomputed-theme.ts).
    define: {
      __API_URL__: JSON.stringify(apiUrl),
      __PAYMENTS_API_URL__: JSON.stringify(paymentsApiUrl),
      __ANTD_MAP_TOKEN__: JSON.stringify(precomputeMapToken(THEME)),
    },
    // The prerender's server bundle carries its dependencies (Node cannot import antd's ES build as it is).
    ssr: { noExternal: isSsrBuild ? true : undefined },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      // Every browser antd 6 supports has <link rel="modulepreload">.
      modulePreload: { polyfill: false },
      sourcemap: process.env.WEB_SOURCEMAP === '1',
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          advancedChunks: {
            // The runtime every page needs, in one long-cached file that compresses better than many small ones.
            groups: [
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+|jotai)[\\/]/,
              },
            ],
          },
        },
        treeshake: {
          // antd's @rc-component/* packages do not declare "sideEffects": false, so
          // whole packages (form, trigger...) would be kept for one re-exported
          // helper. Their modules only define components; CSS stays a side effect.
          moduleSideEffects: [
            { test: /\.css$/, sideEffects: true },
            { test: /node_modules\/@rc-component\//, sideEffects: false },
          ],
        },
      },
    },
    // Development only (`npm run dev -w @oficios/web`); built, the SPA is served by server/serve.mjs.
    server: { port: 3000, strictPort: true },
  };
});
