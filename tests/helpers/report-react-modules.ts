/**
 * Preloaded into a test server (`NODE_OPTIONS=--import=…`): when the process exits it prints every React module file
 * it ran, as one line `react modules: [...]`, so a test can tell a production build from a development one. (Node also
 * registers, unrun, both files a package's `index.js` may re-export, when ESM imports it: only `loaded` ones count.)
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  const files = Object.entries(cache)
    .filter(([file, module]) => module?.loaded && /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(file))
    .map(([file]) => file);
  fs.writeSync(1, `react modules: ${JSON.stringify(files)}\n`);
});
