/**
 * The REST interface: every endpoint of docs/interface.md (users, projects, studios, proxy, explore and
 * search), with the live error bodies. Handlers throw ApiError; this turns it into JSON.
 */
import type { Hono } from 'hono';
import type { SandboxControl } from '../control';
import type { SandboxEnv } from '../origins';
import type { ApiContext } from './context';
import { mountExploreRoutes } from './explore-routes';
import { MessageCountCdn } from './message-count-cdn';
import { mountProjectRoutes } from './projects-routes';
import { mountProxyRoutes } from './proxy-routes';
import { ApiError } from './request';
import { mountUserRoutes } from './users-routes';

export function mountApiRoutes(app: Hono<SandboxEnv>, control: SandboxControl): void {
  const context: ApiContext = { store: control.store, control, messageCounts: new MessageCountCdn(control) };
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ code: error.code, message: error.message }, error.status);
    console.error('sandbox api:', error);
    return c.json({ code: 'InternalServerError', message: String(error) }, 500);
  });
  mountUserRoutes(app, context);
  mountProjectRoutes(app, context);
  mountProxyRoutes(app, context);
  mountExploreRoutes(app, context);
}
