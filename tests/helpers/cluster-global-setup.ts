import { ensureBuilt } from '../../scripts/build.ts';

/** The servers of the cluster suite run the production build, as `npm start` does. */
export default function setup() {
  ensureBuilt();
}
