import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The projects' order in `npm test`: Vitest's own runs them by name (api, components, e2e, unit), which left the unit
 * tests' slow transcoding file alone at the very end with one worker idle. Unit and component tests go first (beside
 * the API tests' start), the browser tests last: their servers copy the e2e template, made while the API tests run.
 * Within a project Vitest's order stands (failed first, then the slowest; larger files first when it has no timings).
 */
const ORDER = ['unit', 'components', 'api', 'e2e'];

export default class ProjectOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => ORDER.indexOf(spec.project.name);
    // Array.prototype.sort is stable: each project keeps the base order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
