import net from 'node:net';

/** A TCP port on loopback with nothing listening on it now (for a server the test starts, or one it keeps closed). */
export async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => probe.once('listening', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}
