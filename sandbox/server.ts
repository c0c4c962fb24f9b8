/**
 * The sandbox's Hono apps, one per part (site, api, translate, synthesis, uploads, control), and the
 * second server that redirects point to (elsewhere). Each part runs the same front: loopback origins
 * for `originsFor`, the request log, the outage and redirect rules, CORS where the live part has it,
 * then the faults; then its routes. index.ts puts them on ports.
 */
import { Hono } from 'hono';
import { notFound } from './api/errors';
import { mountApiRoutes } from './api/routes';
import type { SandboxControl } from './control';
import { mountControlRoutes } from './control-routes';
import { apiCors, helperCors } from './cors';
import { createElsewhereApp } from './elsewhere';
import { faultInjector, outageInjector, redirectInjector, requestLogger, type Sleeper } from './faults';
import { mountSynthesisRoutes } from './helpers/synthesis';
import { mountTranslateRoutes } from './helpers/translate';
import { type Origins, originsFor, type SandboxEnv, type SandboxPart, withLoopbackOrigins } from './origins';
import { ensureCsrfCookie, mountSessionRoutes } from './session-routes';
import { mountSitePages } from './site/pages';
import { mountUploadRoutes } from './uploads';

export interface SandboxApps {
  site: Hono<SandboxEnv>;
  api: Hono<SandboxEnv>;
  translate: Hono<SandboxEnv>;
  synthesis: Hono<SandboxEnv>;
  uploads: Hono<SandboxEnv>;
  control: Hono;
  /** The second server redirects point to (elsewhere.ts). */
  elsewhere: Hono;
}

export function createSandboxApps(control: SandboxControl, origins: Origins, sleeper: Sleeper): SandboxApps {
  const store = control.store;
  const part = (name: SandboxPart, cors?: ReturnType<typeof apiCors>) => {
    const app = new Hono<SandboxEnv>();
    app.use(withLoopbackOrigins(origins));
    app.use(requestLogger(name, control));
    app.use(outageInjector(name, control));
    app.use(redirectInjector(name, control));
    if (cors) app.use(cors);
    app.use(faultInjector(name, control, sleeper));
    return app;
  };

  const site = part('site');
  // The live site hands out the CSRF cookie with any page.
  site.use(async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.headers.get('content-type')?.startsWith('text/html'))
      ensureCsrfCookie(c);
  });
  mountSessionRoutes(site, store);
  mountSitePages(site, { store, originsFor, refererCheck: () => control.refererCheck });

  const api = part('api', apiCors());
  mountApiRoutes(api, control);
  api.notFound(notFound);

  const translate = part('translate', helperCors());
  mountTranslateRoutes(translate);

  const synthesis = part('synthesis', helperCors());
  mountSynthesisRoutes(synthesis);

  const uploads = part('uploads', helperCors());
  mountUploadRoutes(uploads);

  const controlApp = new Hono();
  mountControlRoutes(controlApp, control);

  return {
    site,
    api,
    translate,
    synthesis,
    uploads,
    control: controlApp,
    elsewhere: createElsewhereApp(control),
  };
}
