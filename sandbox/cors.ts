/**
 * CORS as the live parts answer it. The REST interface allows the site's origin (the origin of the
 * host that was asked, see origins.ts) with credentials and the headers the site sends; other
 * origins get no `Access-Control-Allow-Origin`. The helpers and the uploads host answer `*`.
 */
import { cors } from 'hono/cors';
import { originsFor } from './origins';

export function apiCors() {
  return cors({
    origin: (origin, c) => (origin === originsFor(c).site ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['X-Token', 'X-CSRFToken', 'X-Requested-With', 'Content-Type'],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  });
}

export function helperCors() {
  return cors({ origin: '*', allowMethods: ['GET', 'OPTIONS'] });
}
