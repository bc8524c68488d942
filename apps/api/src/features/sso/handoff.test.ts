/**
 * The wiki and knowledge-base hand-offs (decision 038) against a local wiki stand-in over real HTTP that records the
 * authenticate-by-token POST.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { DemoIdentityServer } from '../../demo-identity/server.js';
import { ssoEnv, ssoSignin, startTestIdentityServer } from './test-support.js';

const wiki = { status: 200, posts: [] as unknown[], url: '' };
let wikiServer: http.Server;
let idp: DemoIdentityServer;
let t: TestApp;

beforeAll(async () => {
  wikiServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      wiki.posts.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body) as unknown });
      res.writeHead(wiki.status).end();
    });
  });
  await new Promise<void>((resolve) => wikiServer.listen(0, '127.0.0.1', resolve));
  wiki.url = `http://127.0.0.1:${(wikiServer.address() as AddressInfo).port}/tiki/`;
  idp = await startTestIdentityServer();
  t = await createTestApp({
    env: ssoEnv(idp, { WIKI_URL: wiki.url, KNOWLEDGE_BASE_URL: 'https://kb.example/app' }),
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await new Promise((resolve) => wikiServer?.close(resolve));
});

const tokenOf = async (username: string) => (await ssoSignin(t, username)).response.json<{ token: string }>().token;

describe('the wiki', () => {
  it('is told the identity server’s token, then opened with the username', async () => {
    const token = await tokenOf('csr.corporate');
    wiki.posts.length = 0;
    const answer = await t.call(token, { method: 'POST', url: '/api/handoff/wiki' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ url: `${wiki.url}?username=csr.corporate` });
    expect(wiki.posts).toEqual([
      {
        method: 'POST',
        type: 'application/json',
        body: { token: expect.stringMatching(/^[\w-]{20,}$/) as unknown, action: 'authenticateByToken' },
      },
    ]);
  });

  it('says so when the wiki refuses', async () => {
    const token = await tokenOf('csr.corporate');
    wiki.status = 500;
    const refused = await t.call(token, { method: 'POST', url: '/api/handoff/wiki' });
    wiki.status = 200;
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toBe(
      'The wiki did not accept the sign-in (status 500). Try again later.',
    );
  });

  it('says so when the wiki does not answer at all', async () => {
    const token = await tokenOf('csr.corporate');
    // A port that was just free: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const configured = t.config.links.wiki;
    t.config.links.wiki = `http://127.0.0.1:${port}/tiki/`;
    try {
      const answer = await t.call(token, { method: 'POST', url: '/api/handoff/wiki' });
      expect(answer.statusCode).toBe(502);
      expect(answer.json<{ message: string }>().message).toBe('The wiki cannot be reached. Try again in a moment.');
    } finally {
      t.config.links.wiki = configured;
    }
  });

  it('opens only for a session signed in through the identity server', async () => {
    const local = await t.signin('csr.corporate');
    const answer = await t.call(local, { method: 'POST', url: '/api/handoff/wiki' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ message: string }>().message).toBe(
      'The wiki opens after signing in through the company sign-in.',
    );
  });
});

describe('the knowledge base', () => {
  it('opens with the identity server’s token in its address', async () => {
    const token = await tokenOf('csr.cof');
    const answer = await t.call(token, { method: 'POST', url: '/api/handoff/knowledge-base' });
    const url = new URL(answer.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://kb.example/app');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
  });

  it('is not found where it is not configured', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const token = await plain.signin('admin');
      const answer = await plain.call(token, { method: 'POST', url: '/api/handoff/knowledge-base' });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });
});
