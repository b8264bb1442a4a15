/**
 * Request targets and hosts that no browser sends (issue 31, finding 4): an absolute-form target
 * (`GET http://evil.example/serviceportal HTTP/1.1`, legal HTTP/1.1 that proxies use), the
 * asterisk form, a target without its leading slash and a Host that is no host were answered
 * 500 by the Remix handler (it builds the request's URL from Host and the target). They are sent
 * raw over a socket to the portal's edge (tests/helpers/remix-app.ts, composed as
 * server/http/main.ts composes it): an absolute-form target naming the host the request was sent
 * to is served as its path, everything else is a 400, never a 500.
 */
import express from 'express';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgeApp } from '../helpers/remix-app.ts';
import { useRouteDatabase } from '../helpers/routes.ts';

useRouteDatabase();

let server: Server;
let port = 0;
beforeAll(async () => {
  const app = express();
  app.use(await edgeApp());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request exactly as written (head lines joined by CRLF), the whole answer as text. */
function raw(lines: string[], body = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.once('connect', () => socket.write(`${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`));
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe('request targets and hosts no browser sends', () => {
  it('answers an absolute-form target naming another host 400, never 500', async () => {
    const answer = await raw(['GET http://evil.example/serviceportal HTTP/1.1', `Host: 127.0.0.1:${port}`]);
    expect(statusOf(answer), answer.slice(0, 400)).toBe(400);
  });

  it.each([
    ['POST, absolute-form', ['POST http://evil.example/serviceportal/feedback HTTP/1.1', 'Content-Length: 0']],
    ['the asterisk form', ['OPTIONS * HTTP/1.1']],
    ['a target without its slash', ['GET serviceportal HTTP/1.1']],
    ['an absolute-form target without a host', ['GET http:/serviceportal HTTP/1.1']],
    ['a scheme that is not HTTP', ['GET javascript:alert(1)//x HTTP/1.1']],
  ])('answers %s 400, never 500', async (_name, head) => {
    const answer = await raw([head[0]!, `Host: 127.0.0.1:${port}`, ...head.slice(1)]);
    expect(statusOf(answer), answer.slice(0, 400)).toBe(400);
  });

  it.each([['a b'], ['exa mple.org'], ['[::1'], ['a/b'], ['%zz']])('answers Host: %s 400, never 500', async (host) => {
    const answer = await raw(['GET /serviceportal/service/faq HTTP/1.1', `Host: ${host}`]);
    expect(statusOf(answer), answer.slice(0, 400)).toBe(400);
  });

  it('serves an absolute-form target naming its own host as the path', async () => {
    const answer = await raw([
      `GET http://127.0.0.1:${port}/serviceportal/service/faq?hl=en HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
    ]);
    expect(statusOf(answer), answer.slice(0, 400)).toBe(200);
    expect(answer).toContain('<html');
  });

  it('serves an HTTP/1.0 request without a Host in origin form, refuses one in absolute form', async () => {
    const plain = await raw(['GET /serviceportal/service/faq?hl=en HTTP/1.0']);
    expect(statusOf(plain.replace(/^HTTP\/1\.0/, 'HTTP/1.1')), plain.slice(0, 400)).toBe(200);
    const absolute = await raw(['GET http://evil.example/serviceportal/service/faq HTTP/1.0']);
    expect(statusOf(absolute.replace(/^HTTP\/1\.0/, 'HTTP/1.1')), absolute.slice(0, 400)).toBe(400);
  });

  it('still serves the page in origin form', async () => {
    const answer = await raw(['GET /serviceportal/service/faq?hl=en HTTP/1.1', `Host: 127.0.0.1:${port}`]);
    expect(statusOf(answer), answer.slice(0, 400)).toBe(200);
  });
});
