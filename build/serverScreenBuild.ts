import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY } from '../common/firstScreen.ts';

/** The module the server draws first screens with (issue 20, server/http/serverScreen.ts). */
const ENTRY = 'src/platform/firstScreen/drawScreen.tsx';

/**
 * After the web app's build, the same components built once more for Node into dist-server/ (beside
 * dist/, never served): every dependency bundled in (`ssr.noExternal`), React's production build.
 */
export function serverScreenBuild(): Plugin {
  let root = process.cwd();
  return {
    name: 'facilityops-server-screen',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        plugins: [react()],
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: ENTRY,
          outDir: path.join(root, SERVER_SCREEN_DIR),
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          // .mjs: ES modules wherever the folder is copied, whatever package.json is beside it (or none).
          rollupOptions: { output: { entryFileNames: SERVER_SCREEN_ENTRY, chunkFileNames: 'assets/[name]-[hash].mjs' } },
        },
      });
    },
  };
}
