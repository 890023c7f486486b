// The benchmark's baseline: a bare Node `http` server, in a process of its own,
// that answers fixed JSON bodies. `run-bench.mjs` forks it, sends it the real
// answers of the API over IPC ({ type: 'body', key, body }) and loads
// `/<key>/anything?query` to see what the same body costs with no framework,
// no database and no serialisation. Listens on 127.0.0.1 only.
import http from 'node:http';

const bodies = new Map();

const server = http.createServer((req, res) => {
  const slash = req.url.indexOf('/', 1);
  const key = req.url.slice(1, slash === -1 ? req.url.search(/\?|$/) : slash);
  const body = bodies.get(key);
  if (!body) {
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"statusCode":404}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;

process.on('message', (message) => {
  if (message?.type === 'body') {
    bodies.set(message.key, Buffer.from(message.body, 'utf8'));
    process.send({ type: 'stored', key: message.key, bytes: bodies.get(message.key).length });
  }
});
// The parent went away (crash, SIGKILL): do not outlive it.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
