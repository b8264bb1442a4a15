// The floor of the server benchmark (tests/bench/server.ts): Node's own http server answering
// a fixed small HTML page, in a process of its own like every other target.
import http from 'node:http';

const body = '<!doctype html><html lang="en"><head><title>Bare</title></head><body><p>Hello</p></body></html>';
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 3227), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
