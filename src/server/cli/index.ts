/** `npm run cli -- <command>` (`node src/server/cli/index.ts`): the operator CLI (run.ts), loaded once module resolution is quick (lib/runtime/fast-resolve.ts). */
import { resolveQuickly } from '../lib/runtime/fast-resolve.ts';

resolveQuickly('cli');
const { runCli } = await import('./run.ts');
const { code, output } = await runCli(process.argv.slice(2));
(code === 0 ? console.log : console.error)(output);
process.exit(code);
