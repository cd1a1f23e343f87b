import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { useApi } from '../helpers/api.ts';

describe('the live connection refuses pages of other sites', () => {
  const h = useApi({ PUBLIC_URL: 'https://shop.example' }, { realtime: true, listen: true });
  const sockets: ReturnType<typeof io>[] = [];
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));

  /** 'connected' or the handshake error, for a browser page at `origin` (undefined: no Origin, not a browser). */
  function handshake(origin: string | undefined, transport: 'websocket' | 'polling'): Promise<string> {
    const { port } = h.app.server.address() as { port: number };
    const socket = io(`http://127.0.0.1:${port}`, { transports: [transport], reconnection: false, extraHeaders: origin ? { origin } : {} });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(`refused: ${err.message}`));
    });
  }

  it.each(['websocket', 'polling'] as const)('over %s: a foreign Origin is refused; the site itself and non-browser clients connect', async (transport) => {
    const { port } = h.app.server.address() as { port: number };
    expect(await handshake('https://evil.example', transport)).toMatch(/^refused/);
    expect(await handshake('http://127.0.0.1.evil.example', transport)).toMatch(/^refused/);
    expect(await handshake('null', transport)).toMatch(/^refused/);
    expect(await handshake('https://shop.example', transport)).toBe('connected');
    expect(await handshake(`http://127.0.0.1:${port}`, transport)).toBe('connected');
    expect(await handshake(undefined, transport)).toBe('connected');
  });
});
