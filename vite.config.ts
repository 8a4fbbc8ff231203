import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenBuild } from './build/firstScreenBuild.ts';
import { inlineFavicon } from './build/inlineFavicon.ts';
import { precacheSelection } from './build/precacheSelection.ts';
import { precompress } from './build/precompressPlugin.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

/**
 * What the service worker precaches (docs/offline.md): the shell, the icons and manifest (added by
 * the plugin), and of /assets/ only what the technician area and /login run, with the scanner's
 * wasm (build/precacheSelection.ts). The engineer area's heavy chunks are cached the first time
 * they load (CacheFirst on /assets/*, src/sw.ts), which a technician's phone never pays for.
 */
const precache = precacheSelection();

export default defineConfig({
  plugins: [
    react(),
    inlineFavicon(),
    firstScreenBuild(),
    precache.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by src/platform/offline/serviceWorker.ts, in production builds only.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['index.html', 'favicon.svg', 'apple-touch-icon.png', 'assets/*.{js,css,wasm}'],
        manifestTransforms: [precache.manifestTransform],
        // The scanner's wasm is about 1 MB; workbox's 2 MiB default would drop anything bigger silently.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // A classic script, as the worker is registered (workbox-window's default). The 'es' format
        // has the plugin set Rollup's deprecated inlineDynamicImports, which Vite warns about on every build.
        rollupFormat: 'iife',
      },
      includeAssets: [],
      manifest: {
        name: 'FacilityOps',
        short_name: 'FacilityOps',
        description: 'Inspections, work orders and assets on the phone',
        start_url: '/inspection',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#121212',
        background_color: '#121212',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  resolve: {
    /*
     * react-admin imports lodash's CommonJS files (lodash/get.js …): each is wrapped and run when
     * first required, during the entry's evaluation on a phone's first load (issue 20, ~5 ms of a
     * desktop's main thread). lodash-es is the same code as ES modules, which only define functions.
     */
    alias: [{ find: /^lodash\/(.+)$/, replacement: 'lodash-es/$1' }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
