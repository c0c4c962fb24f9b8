/**
 * Start the sandbox from code (tests, `npm start`) or from the CLI (cli.ts): the site, the REST
 * interface, the two helpers, the control interface, the uploads host and the second server that
 * redirects point to, each on its own loopback port, plus, on request, one HTTPS listener that
 * answers for the live host names.
 */
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { SandboxClock } from './clock';
import { SandboxControl } from './control';
import { Sleeper } from './faults';
import { LIVE_HOSTS, type Origins } from './origins';
import { DEFAULT_SEED, DEMO_USERNAME as SEED_DEMO_USERNAME } from './seed';
import { createSandboxApps, type SandboxApps } from './server';
import { SEED_GAP_MS, Store } from './store';
import { makeLiveHostCertificate } from './tls';

/** How long an idle connection stays open. */
const KEEP_ALIVE_MS = 65_000;

export type { SandboxClock } from './clock';
export type { SandboxControl } from './control';
export type { Store } from './store';

/** The demo user: unread messages, a busy feed, follows many users, owns projects with comments. */
export const DEMO_USERNAME: string = SEED_DEMO_USERNAME;

export interface SandboxOptions {
  /** First port; default 8610; 0 = a free random port for each part. */
  port?: number;
  /** An HTTPS listener for the live host names; its port defaults to 8643 (0 = random). */
  https?: boolean | { port?: number };
  seed?: number;
  /**
   * When the sandbox's clock starts (ms since the epoch, or an ISO date), the seed ending an hour
   * before it: the same dates at every start (deterministic pictures). Default: the wall clock's now.
   */
  now?: number | string;
  /** No log lines (the CLI prints its one SANDBOX line regardless). */
  quiet?: boolean;
}

export interface SandboxUrls {
  site: string;
  api: string;
  translate: string;
  synthesis: string;
  control: string;
  uploads: string;
  /** The second server that redirects point to (control `/redirects`): another place than the site. */
  elsewhere: string;
  /** Origin of the HTTPS listener (https://127.0.0.1:<port>), when it runs. */
  https?: string;
}

export interface RunningSandbox {
  urls: SandboxUrls;
  control: SandboxControl;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8610;
export const DEFAULT_HTTPS_PORT = 8643;
/** Port offsets from the first port, in this order. */
const PART_ORDER = ['site', 'api', 'translate', 'synthesis', 'control', 'uploads', 'elsewhere'] as const;

/**
 * The time the seed of sandboxes started without `now` is dated from: SEED_GAP_MS before the first
 * one's start in this process. Generating a world takes about a second and end-to-end files share a
 * worker process: later sandboxes reuse the world, its dates that much older than their start.
 */
const defaultSeedNow = new Map<number, number>();

/** `now` as ms since the epoch (an ISO date or a number), or undefined for none. */
function startTime(now: number | string | undefined): number | undefined {
  if (now === undefined) return undefined;
  const time = typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(time)) throw new Error(`now must be a date or ms since the epoch, got ${now}`);
  return time;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Keep-alive connections would hold close() open.
    server.closeAllConnections();
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const firstPort = options.port ?? DEFAULT_PORT;
  const seed = options.seed ?? DEFAULT_SEED;
  const start = startTime(options.now);
  const clock = new SandboxClock(start);
  const seedNow =
    start === undefined ? (defaultSeedNow.get(seed) ?? clock.start - SEED_GAP_MS) : start - SEED_GAP_MS;
  if (start === undefined) defaultSeedNow.set(seed, seedNow);
  const store = new Store(seed, { clock, seedNow });
  const control = new SandboxControl(store);
  const sleeper = new Sleeper();
  control.onReleaseDelayed(() => sleeper.cancelAll());
  const servers: Server[] = [];
  const close = async () => {
    sleeper.cancelAll();
    await Promise.all(servers.map(closeServer));
  };

  // Ports are known only after listening (port 0), but apps need the origins: fill them in after.
  const origins: Origins = { site: '', api: '', translate: '', synthesis: '', uploads: '' };
  const apps: SandboxApps = createSandboxApps(control, origins, sleeper);
  const ports: Record<string, number> = {};
  try {
    for (const [offset, part] of PART_ORDER.entries()) {
      const app = apps[part];
      const server = createAdaptorServer({ fetch: app.fetch }) as Server;
      // Idle connections kept open as a CDN keeps them (Node's 5 s default closes one just as a
      // client that held it through a slow step sends on it: a reset no browser would see).
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      servers.push(server);
      ports[part] = await listen(server, firstPort === 0 ? 0 : firstPort + offset);
    }
    const url = (part: string) => `http://127.0.0.1:${ports[part]}`;
    Object.assign(origins, {
      site: url('site'),
      api: url('api'),
      translate: url('translate'),
      synthesis: url('synthesis'),
      uploads: url('uploads'),
    });
    const urls: SandboxUrls = { ...origins, control: url('control'), elsewhere: url('elsewhere') };
    control.elsewhereOrigin = urls.elsewhere;

    if (options.https) {
      const httpsPort =
        (typeof options.https === 'object' ? options.https.port : undefined) ?? DEFAULT_HTTPS_PORT;
      const { key, cert } = await makeLiveHostCertificate();
      control.certificatePem = cert;
      const byHost = (request: Request, env: unknown) => {
        const host = (request.headers.get('host') ?? '').replace(/:\d+$/, '').toLowerCase();
        const part = LIVE_HOSTS[host];
        if (!part) return new Response(`The sandbox does not serve ${host}`, { status: 421 });
        return apps[part].fetch(request, env);
      };
      const server = createAdaptorServer({
        fetch: byHost,
        createServer: createHttpsServer,
        serverOptions: { key, cert },
      }) as Server;
      servers.push(server);
      urls.https = `https://127.0.0.1:${await listen(server, httpsPort)}`;
    }
    if (!options.quiet) process.stderr.write(`sandbox: seed ${store.seed}, site ${urls.site}\n`);
    return { urls, control, close };
  } catch (error) {
    await close();
    throw error;
  }
}
