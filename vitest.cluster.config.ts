/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * `npm run test:cluster`: two production servers on the local PostgreSQL and Redis with media in an S3-compatible
 * server started by the test (tests/helpers/cluster.ts). Kept out of `npm test`'s run (it takes a minute or two and a
 * transcode); CI runs it after the README's test command.
 */
export default getViteConfig({
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/cluster-global-setup.ts'],
    // As in vitest.config.ts: bounds for a hung test on a slow, busy CI machine; a poll waits up to 15 s for its thing.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 15_000 } },
  },
});
