import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: `N passed, N failed, N skipped`. A file that fails to load (or an error
 * outside any test) counts as a failure, so the line never says 0 failed for a broken run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
    let passed = 0;
    let failed = unhandled.length;
    let skipped = 0;
    for (const mod of modules) {
      failed += mod.errors().length;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
