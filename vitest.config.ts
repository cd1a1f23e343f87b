/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import ProjectOrder from './tests/helpers/sequencer.ts';

/** Fails the run when a process a test started is still running after the tests (tests/helpers/leftover-processes.ts). */
const LEFTOVERS = 'tests/helpers/leftover-processes.ts';

/**
 * One runner for every suite. `npm test` runs them all; `--project <name>` runs one.
 * - unit: pure modules, stores through their actions, middleware with a stub context, the API client against a real HTTP server
 * - components: layouts and pages through the Astro Container API
 * - api: the API through app.inject() on PGlite (one instance per worker), or on PostgreSQL when DATABASE_URL is set
 * - e2e: Playwright (playwright-core + the system Chromium) against the production build
 */
export default getViteConfig({
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    // Two files at a time even on two cores: browser and process tests mostly wait (servers starting, pages loading).
    maxWorkers: 2,
    sequence: { sequencer: ProjectOrder },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', globalSetup: [LEFTOVERS] } },
      { test: { name: 'components', include: ['tests/components/**/*.test.ts'], environment: 'node', globalSetup: [LEFTOVERS] } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One database per worker, shared by the files it runs (tables are emptied between files).
          isolate: false,
          pool: 'forks',
          globalSetup: [LEFTOVERS, 'tests/helpers/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Files share their worker's modules (playwright-core, the helpers): each has its own server and browser.
          isolate: false,
          globalSetup: [LEFTOVERS, 'tests/helpers/e2e-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
