/**
 * Lanes: two end-to-end files run at once (vitest.config.ts), each with its own sandbox on its own
 * ports. Chromium finds its sandbox through host-resolver rules (any HTTPS port); Firefox's `local`
 * build has the loopback ports compiled in, so each lane has its own Firefox build
 * (COMPANION_SANDBOX_PORT, wxt.config.ts).
 *
 * A file holds its lane by listening on the lane's reservation port for as long as it uses the lane:
 * the operating system makes that exclusive across Vitest's worker processes, and frees it if a
 * worker dies. Files take the second lane first, so that the first (the sandbox's default ports)
 * comes free for `npm start`'s test (tests/e2e/start.test.ts), which must have it and waits for it
 * (it runs first: scripts/vitest/slowest-first-sequencer.ts).
 */
import { createServer, type Server } from 'node:net';
import { LOCAL_SANDBOX_PORT } from '../../../lib/config';
import { DEFAULT_HTTPS_PORT, type RunningSandbox } from '../../../sandbox/index';

export interface Lane {
  /** The sandbox's first port (site; api, helpers, control and uploads follow). */
  firstPort: number;
  /** Its HTTPS listener for the live host names (Chromium's store build). */
  httpsPort: number;
  /** Listened on by the file holding the lane (no sandbox part uses it). */
  reservationPort: number;
}

/** The first lane is the sandbox's default ports, as `npm start` uses them. */
export const LANES: readonly Lane[] = [
  { firstPort: LOCAL_SANDBOX_PORT, httpsPort: DEFAULT_HTTPS_PORT, reservationPort: LOCAL_SANDBOX_PORT + 9 },
  {
    firstPort: LOCAL_SANDBOX_PORT + 100,
    httpsPort: DEFAULT_HTTPS_PORT + 100,
    reservationPort: LOCAL_SANDBOX_PORT + 109,
  },
];

/** The order in which an ordinary file tries the lanes: the default ports last. */
export const LANE_PREFERENCE: readonly Lane[] = [...LANES].reverse();

/** A lane held by this process; `release` gives it up (idempotent). */
export interface HeldLane {
  lane: Lane;
  release(): Promise<void>;
}

const isAddressInUse = (error: unknown) => (error as { code?: string } | null)?.code === 'EADDRINUSE';

/** Holds `lane` if no one else does; null if someone does. */
export function tryHoldLane(lane: Lane): Promise<HeldLane | null> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer((socket) => socket.destroy());
    server.once('error', (error) => (isAddressInUse(error) ? resolve(null) : reject(error)));
    server.listen({ port: lane.reservationPort, host: '127.0.0.1', exclusive: true }, () => {
      // A held lane must not keep the worker alive on its own.
      server.unref();
      let released: Promise<void> | undefined;
      resolve({
        lane,
        release: () => {
          released ??= new Promise((done) => server.close(() => done()));
          return released;
        },
      });
    });
  });
}

/**
 * Waits until `lane` can be held (another file ends), then holds it. Throws after `timeoutMs`,
 * naming what may hold it.
 */
export async function holdLane(lane: Lane, timeoutMs: number): Promise<HeldLane> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = await tryHoldLane(lane);
    if (held) return held;
    if (Date.now() > deadline) {
      throw new Error(
        `The sandbox lane on ports ${lane.firstPort}-${lane.firstPort + 6} stayed held for ${timeoutMs / 1000} s (reservation port ${lane.reservationPort})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first port of a running sandbox (its site's). */
export function sandboxFirstPort(sandbox: RunningSandbox): number {
  return Number(new URL(sandbox.urls.site).port);
}
