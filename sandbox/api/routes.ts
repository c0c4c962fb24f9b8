/** The REST interface's routes (filled in next). */
import type { Hono } from 'hono';
import type { SandboxControl } from '../control';
import type { SandboxEnv } from '../origins';

export function mountApiRoutes(_app: Hono<SandboxEnv>, _control: SandboxControl): void {}
