/** `npm start`: build the site if its sources changed, then run the server (migrates and seeds on first run). */
import { ensureBuilt } from './build.ts';

ensureBuilt();
await import('../src/server/main.ts').then((m) => m.runMain());
