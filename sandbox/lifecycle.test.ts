/** Starting and stopping: ports in order, nothing leaked, the HTTPS listener, the CLI line. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME, startSandbox } from './index';

const portOf = (url: string) => Number(new URL(url).port);

/** True when nothing listens on the port (we can listen on it ourselves). */
async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  try {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return true;
  } catch {
    return false;
  } finally {
    server.close();
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  return typeof address === 'object' && address ? address.port : 0;
}

/** Closed handles leave the active list on the next timer tick. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const serverHandles = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
const timerHandles = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('start and close', () => {
  it('puts the parts on consecutive ports from the first one, and frees them all on close', async () => {
    await settle();
    const handlesBefore = serverHandles();
    let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
    // A free block of seven ports is likely but not certain: try a few bases.
    for (let attempt = 0; attempt < 5 && !sandbox; attempt++) {
      const base = await freePort();
      if (base > 65_000) continue;
      sandbox = await startSandbox({ port: base, quiet: true }).catch(() => undefined);
    }
    if (!sandbox) throw new Error('no free block of ports found');
    const { urls } = sandbox;
    const base = portOf(urls.site);
    expect(
      [urls.site, urls.api, urls.translate, urls.synthesis, urls.control, urls.uploads, urls.elsewhere].map(
        portOf,
      ),
    ).toEqual([base, base + 1, base + 2, base + 3, base + 4, base + 5, base + 6]);
    // A keep-alive connection must not hold close() open.
    await fetch(`${urls.api}/users/${DEMO_USERNAME}`, { keepalive: true });
    await sandbox.close();
    await settle();
    expect(serverHandles()).toBe(handlesBefore);
    for (let port = base; port <= base + 6; port++) expect(await isFree(port), `port ${port}`).toBe(true);
  });

  it('fails cleanly when a port is taken, leaving nothing open', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const address = blocker.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    await settle();
    const handlesBefore = serverHandles();
    // The api part (first port + 1) collides.
    await expect(startSandbox({ port: taken - 1, quiet: true })).rejects.toThrow();
    await settle();
    expect(serverHandles()).toBe(handlesBefore);
    blocker.close();
  });

  it('does not wait for (or leak) latency timers on close: close settles the held request itself', async () => {
    const timersBefore = timerHandles();
    const sandbox = await startSandbox({ port: 0, quiet: true });
    // Held for a minute, longer than the test may take: only close() can settle it in time.
    sandbox.control.addLatency({ pattern: '/**', fixedMs: 60_000 });
    const pending = fetch(`${sandbox.urls.api}/users/${DEMO_USERNAME}`).then(
      (response) => response.status,
      () => 'connection closed',
    );
    await expect.poll(() => sandbox.control.inFlight(), { timeout: 10_000 }).toHaveLength(1);
    await sandbox.close();
    // Answered as its delay ended, or cut off with the connections: either way, settled.
    expect([200, 'connection closed']).toContain(await pending);
    expect(sandbox.control.inFlight()).toEqual([]);
    await settle();
    expect(timerHandles()).toBeLessThanOrEqual(timersBefore);
  });
});

describe('HTTPS listener for the live host names', () => {
  it('routes by Host and names the live origins in cookies, CORS and URLs', async () => {
    const sandbox = await startSandbox({ port: 0, https: { port: 0 }, quiet: true });
    try {
      const pem = await (await fetch(`${sandbox.urls.control}/certificate`)).text();
      expect(pem).toContain('BEGIN CERTIFICATE');
      const port = portOf(sandbox.urls.https ?? '');
      const get = (host: string, path: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
          (resolve, reject) => {
            // The certificate is checked against the live name, trusting the PEM from the control port.
            const req = request(
              {
                host: '127.0.0.1',
                port,
                path,
                servername: host.endsWith('scratch.mit.edu') ? host : 'scratch.mit.edu',
                ca: pem,
                headers: { host, ...headers },
              },
              (res) => {
                let body = '';
                res.setEncoding('utf8');
                res.on('data', (chunk) => {
                  body += chunk;
                });
                res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
              },
            );
            req.on('error', reject);
            req.end();
          },
        );

      const login = await get('scratch.mit.edu', '/login/?as=demo');
      expect(login.status).toBe(302);
      const cookies = [login.headers['set-cookie'] ?? []].flat();
      expect(cookies.find((c) => c.startsWith('scratchsessionsid='))).toMatch(/Secure/);
      expect(cookies.find((c) => c.startsWith('scratchsessionsid='))).toMatch(/Domain=\.scratch\.mit\.edu/);

      const user = await get('api.scratch.mit.edu', `/users/${DEMO_USERNAME}`, {
        origin: 'https://scratch.mit.edu',
      });
      expect(user.status).toBe(200);
      expect(user.headers['access-control-allow-origin']).toBe('https://scratch.mit.edu');
      expect(JSON.parse(user.body).profile.images['90x90']).toMatch(
        /^https:\/\/uploads\.scratch\.mit\.edu\//,
      );

      // Under the live host name, the featured rows use the live service's design-studio key.
      const featured = JSON.parse((await get('api.scratch.mit.edu', '/proxy/featured')).body);
      expect(featured.scratch_design_studio?.length).toBeGreaterThan(0);
      expect(featured).not.toHaveProperty('platform_design_studio');

      const translated = await get('translate-service.scratch.mit.edu', '/translate?language=fr&text=hello');
      expect(JSON.parse(translated.body)).toEqual({ result: '[fr] bonjour' });
      expect((await get('synthesis-service.scratch.mit.edu', '/synth?text=hi')).headers['content-type']).toBe(
        'audio/wav',
      );
      for (const host of ['uploads.scratch.mit.edu', 'cdn2.scratch.mit.edu']) {
        expect((await get(host, '/users/avatars/5000001.png')).headers['content-type']).toBe('image/png');
      }
      expect((await get('example.com', '/')).status).toBe(421);
      // The loopback ports keep naming loopback origins.
      const loopback = (await (await fetch(`${sandbox.urls.api}/users/${DEMO_USERNAME}`)).json()) as {
        profile: { images: Record<string, string> };
      };
      expect(loopback.profile.images['90x90']?.startsWith(sandbox.urls.uploads)).toBe(true);
    } finally {
      await sandbox.close();
    }
  });
});

describe('npm run sandbox', () => {
  it('prints exactly one SANDBOX line with the URLs and stops on SIGTERM', async () => {
    const now = '2026-11-20T12:00:00.000Z';
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--quiet', '--now', now],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const lines = createInterface({ input: child.stdout });
      const [line] = (await once(lines, 'line')) as [string];
      expect(line).toMatch(/^SANDBOX \{/);
      const urls = JSON.parse(line.slice('SANDBOX '.length)) as Record<string, string>;
      for (const part of ['site', 'api', 'translate', 'synthesis', 'control', 'uploads']) {
        expect(urls[part], part).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      }
      expect((await fetch(`${urls.api}/users/${DEMO_USERNAME}`)).status).toBe(200);
      // `--now`: the clock starts there, the seed an hour before it (the same dates at every start).
      const clock = (await (await fetch(`${urls.control}/clock`)).json()) as {
        start: string;
        movedMs: number;
      };
      expect(clock).toMatchObject({ start: now, movedMs: 0 });
      const bob = (await (
        await fetch(`${urls.control}/sessions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'bob' }),
        })
      ).json()) as { token: string };
      const alerts = (await (
        await fetch(`${urls.api}/users/bob/messages/admin`, { headers: { 'X-Token': bob.token } })
      ).json()) as { datetime_created: string }[];
      // Bob's two alerts from the site team are seeded 5 and 10 hours before the seed's end.
      expect(alerts.map((alert) => alert.datetime_created).sort()).toEqual([
        '2026-11-20T01:00:00.000Z',
        '2026-11-20T06:00:00.000Z',
      ]);
      let more = '';
      lines.on('line', (l) => {
        more += l;
      });
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
      expect(more).toBe('');
      expect(await isFree(portOf(urls.api ?? ''))).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);
});
