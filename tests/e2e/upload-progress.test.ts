import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { stripTypeScriptTypes } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { chromiumMissing } from '../helpers/e2e.ts';

const shared = path.resolve(import.meta.dirname, '../../src/shared');

describe.skipIf(chromiumMissing)('API client uploads in a real browser', () => {
  let server: http.Server;
  let browser: Browser;
  let base = '';
  let received: { bytes: number; type: string; auth?: string } | null = null;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>upload</title>');
      if (url.pathname.startsWith('/shared/')) {
        // The real module, its types stripped, as the browser's ES module.
        const source = fs.readFileSync(path.join(shared, url.pathname.slice('/shared/'.length)), 'utf8');
        return res.writeHead(200, { 'content-type': 'text/javascript' }).end(stripTypeScriptTypes(source));
      }
      if (url.pathname === '/api/upload') {
        // Read slowly, so the browser's send is paced by back-pressure and progress arrives in steps.
        let bytes = 0;
        req.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          req.pause();
          setTimeout(() => req.resume(), 2);
        });
        req.on('end', () => {
          received = { bytes, type: String(req.headers['content-type']), auth: req.headers.authorization };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 0, data: { bytes } }));
        });
        return;
      }
      if (url.pathname === '/api/upload-expired') {
        req.resume();
        return req.on('end', () => res.writeHead(401, { 'content-type': 'application/json' }).end('{"statusCode":401,"error":"UNAUTHORIZED","message":"x"}'));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server.close(r));
  });

  it('sends multipart with the token and reports progress from 0 to 100', async () => {
    const page = await browser.newPage();
    await page.goto(base);
    // A string, so the test runner's transform leaves the browser's own import() alone.
    const result: { progress: number[]; data: { bytes: number } } = await page.evaluate(`(async () => {
      const { createApiClient } = await import('/shared/api-client.ts');
      const api = createApiClient({ baseUrl: '/api', getSessionToken: () => 'tok-xyz' });
      const progress = [];
      const file = new File([new Uint8Array(24 * 1024 * 1024)], 'avatar.png', { type: 'image/png' });
      const res = await api.upload('/upload', file, { onProgress: (p) => progress.push(p), fields: { note: 'hi' } });
      return { progress, data: res.data };
    })()`);
    expect(received!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received!.auth).toBe('tok-xyz');
    expect(result.data.bytes).toBeGreaterThan(24 * 1024 * 1024);
    expect(result.progress.at(-1)).toBe(100);
    expect(new Set(result.progress).size).toBeGreaterThanOrEqual(3);
    expect([...result.progress].sort((a, b) => a - b)).toEqual(result.progress);
    await page.close();
  });

  it('a 401 on an upload is handed to the one 401 handler and rejects with the unauthorized failure', async () => {
    const page = await browser.newPage();
    await page.goto(base);
    const message = await page.evaluate(`(async () => {
      const { createApiClient } = await import('/shared/api-client.ts');
      const api = createApiClient({ baseUrl: '/api', onUnauthorized: () => history.pushState({}, '', '/login') });
      return api.upload('/upload-expired', new Blob(['x'])).then(() => 'resolved', (e) => e.failure.kind);
    })()`);
    expect(message).toBe('unauthorized');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });
});
