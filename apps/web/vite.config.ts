import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

const DEFAULT_API_URL = 'http://localhost:3001';

export default defineConfig(({ mode }) => {
  const root = fileURLToPath(new URL('.', import.meta.url));
  // loadEnv also picks up VITE_* variables from the process environment.
  const env = loadEnv(mode, root, 'VITE_');
  const apiUrl = (env.VITE_API_URL || DEFAULT_API_URL).replace(/\/+$/, '');

  return {
    root,
    plugins: [react()],
    resolve: {
      alias: [
        { find: '@oficios/domain', replacement: fileURLToPath(new URL('../../libs/domain/src/index.ts', import.meta.url)) },
        // Source imports the CommonJS locale path Jest can load; the bundle takes the ES build.
        { find: /^antd\/locale\/(.+)$/, replacement: 'antd/es/locale/$1' },
      ],
    },
    // A global constant rather than import.meta.env: Jest's CommonJS transform cannot read import.meta.
    define: { __API_URL__: JSON.stringify(apiUrl) },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
    },
    server: { port: 3000, strictPort: true },
    preview: { port: 3000, strictPort: true },
  };
});
