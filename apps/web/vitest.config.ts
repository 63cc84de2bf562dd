import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Whole user journeys in jsdom take 1-3 s alone; a loaded machine (CI runs every project at
    // once) must not turn them into timeouts. Slowness is measured in bench/, not here.
    testTimeout: 20_000,
  },
});
