import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.ts';

const reporter = pathToFileURL(path.resolve(import.meta.dirname, '../helpers/report-react-modules.ts')).href;

describe('the served process', () => {
  it('renders with React’s production build when started without NODE_ENV, as `npm start` does', async () => {
    const server = await startServer({ env: { NODE_ENV: '', NODE_OPTIONS: `--import=${reporter}` } });
    // A list page (server-rendered React cards) and a detail page with islands.
    expect((await fetch(`${server.url}/videos`)).status).toBe(200);
    expect((await fetch(`${server.url}/store`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    const loaded = JSON.parse(/^react modules: (.*)$/m.exec(server.output())![1]!) as string[];
    const names = loaded.map((f) => path.basename(f));
    expect(names).toContain('react-dom-server.node.production.js');
    expect(names).toContain('react-jsx-runtime.production.js');
    expect(names.filter((n) => n.includes('development'))).toEqual([]);
  });
});
