import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/** Split the big libraries into their own long-cached chunks (Vite 8 / Rolldown code-splitting groups). */
const CHUNK_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'vendor', test: /node_modules[\\/](axios|zustand|@tanstack|dayjs|zod)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/businessimport': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
