// Builds the pages from src/ (index.html and the modules it loads) into dist/, which Maven packs
// into the jar under META-INF/crs-browser/. Every source lives under src/, so deploy/run-demo.sh
// sees a changed page as a reason to rebuild.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src',
  // Relative asset URLs: the BAR may serve the pages under any path, and the routes are hash routes.
  base: './',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2020',
    assetsDir: 'assets',
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: {
    // `npm run dev` against a running demo BAR: the pages' /api calls go to site-a's BAR.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
