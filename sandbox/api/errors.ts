/** The live REST interface's error bodies. */
import type { Context } from 'hono';

export const notFound = (c: Context) => c.json({ code: 'NotFound', message: '' }, 404);

export const badRequest = (c: Context, message: string) => c.json({ code: 'BadRequest', message }, 400);

export const unauthorized = (c: Context) => c.json({ code: 'Unauthorized', message: '' }, 401);

export const forbidden = (c: Context, message = '') => c.json({ code: 'Forbidden', message }, 403);
