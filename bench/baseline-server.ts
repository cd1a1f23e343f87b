/** The baseline: a plain node:http server answering the same bytes from memory. Usage: baseline-server.ts <file> <content-type> */
import fs from 'node:fs';
import http from 'node:http';

const [file, contentType] = process.argv.slice(2);
const body = fs.readFileSync(file!);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType!, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
