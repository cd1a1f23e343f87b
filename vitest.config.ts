/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import ProjectOrder from './tests/helpers/sequencer.ts';

/** Fails the run when a process a test started is still running after the tests (tests/helpers/leftover-processes.ts). */
const LEFTOVERS = 'tests/helpers/leftover-processes.ts';

/**
 * A poll waits for the thing it polls; its default second is an elapsed-time assertion in disguise, which a CI machine
 * (half as fast as a developer's, running two suite files beside each other) fails now and then. Timeouts are
 * likewise bounds for a hung test, sized for such a machine, not for an idle one.
 */
const expect = { poll: { timeout: 15_000 } };

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
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', globalSetup: [LEFTOVERS], expect } },
      { test: { name: 'components', include: ['tests/components/**/*.test.ts'], environment: 'node', globalSetup: [LEFTOVERS], expect } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One database per worker, shared by the files it runs (tables are emptied between files).
          isolate: false,
          pool: 'forks',
          globalSetup: [LEFTOVERS, 'tests/helpers/api-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          expect,
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect,
        },
      },
    ],
  },
});
