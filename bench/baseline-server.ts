/**
 * A plain node:http server answering the same bytes from memory for every path: the static baseline when nginx is not
 * installed, and Node's own ceiling beside nginx (the same bytes with the same headers as Tessera's answer).
 * Usage: baseline-server.ts <file> <headers.json> [port]
 */
import fs from 'node:fs';
import http from 'node:http';

const [file, headersFile, port] = process.argv.slice(2);
const body = fs.readFileSync(file!);
const headers = { ...(JSON.parse(fs.readFileSync(headersFile!, 'utf8')) as Record<string, string>), 'content-length': body.length };
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port ?? 0), '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
