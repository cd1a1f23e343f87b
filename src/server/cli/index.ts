/** `npm run cli -- <command>` (`node src/server/cli/index.ts`): the operator CLI (run.ts), loaded once drizzle-orm resolves quickly. */
import { resolveDrizzleQuickly } from '../lib/fast-resolve.ts';

resolveDrizzleQuickly();
const { runCli } = await import('./run.ts');
const { code, output } = await runCli(process.argv.slice(2));
(code === 0 ? console.log : console.error)(output);
process.exit(code);
