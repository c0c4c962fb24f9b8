/**
 * The uploads host (uploads.scratch.mit.edu and cdn2.scratch.mit.edu on the live site): avatars
 * and project thumbnails as small generated PNGs. Paths: `/users/avatars/<id>.png`,
 * `/projects/thumbnails/<id>.png`, and the sized forms the API objects name,
 * `/get_image/user/<id>_<w>x<h>.png`, `/get_image/project/<id>_<w>x<h>.png`,
 * `/get_image/gallery/<id>_<w>x<h>.png`. Any id answers (the live CDN has a default image too).
 */
import type { Context, Hono } from 'hono';
import type { SandboxEnv } from './origins';
import { makePng } from './png';

const cache = new Map<string, Buffer>();
const MAX_SIDE = 480;

function png(c: Context, id: number, width: number, height: number) {
  const w = Math.max(1, Math.min(MAX_SIDE, width));
  const h = Math.max(1, Math.min(MAX_SIDE, height));
  const key = `${id}:${w}x${h}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = makePng(id, w, h);
    if (cache.size > 20_000) cache.clear();
    cache.set(key, bytes);
  }
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': 'image/png',
    'Cache-Control': 'max-age=86400',
  });
}

const notFound = (c: Context) => c.text('Not found', 404);

export function mountUploadRoutes(app: Hono<SandboxEnv>): void {
  app.get('/users/avatars/:file', (c) => {
    const id = /^(\d+)\.png$/.exec(c.req.param('file'))?.[1];
    return id ? png(c, Number(id), 60, 60) : notFound(c);
  });
  app.get('/projects/thumbnails/:file', (c) => {
    const id = /^(\d+)\.png$/.exec(c.req.param('file'))?.[1];
    return id ? png(c, Number(id), 480, 360) : notFound(c);
  });
  app.get('/get_image/:kind/:file', (c) => {
    const match = /^(\d+)_(\d+)x(\d+)\.png$/.exec(c.req.param('file'));
    if (!match || !['user', 'project', 'gallery'].includes(c.req.param('kind'))) return notFound(c);
    return png(c, Number(match[1]), Number(match[2]), Number(match[3]));
  });
  app.notFound(notFound);
}
