/**
 * The static baseline when nginx is not installed: a plain node:http server answering the same bytes from memory.
 * Usage: baseline-server.ts <file> <content-type> [port]
 */
import fs from 'node:fs';
import http from 'node:http';

const [file, contentType, port] = process.argv.slice(2);
const body = fs.readFileSync(file!);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType!, 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port ?? 0), '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
