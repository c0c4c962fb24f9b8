/**
 * The schemas of the fields more than one domain's messages carry (./declaration.ts). zod: background
 * only.
 */
import { z } from 'zod';

/** The longest text a content script may send to translate or read aloud (project notes hold 5,000). */
export const MAX_MESSAGE_TEXT = 20_000;

export const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const flag = z.boolean().optional();
export const kind = z.enum(['project', 'studio']);
export const text = z.string().max(MAX_MESSAGE_TEXT);
export const language = z.string().max(20);
/** A moment in ms since the epoch (finite). */
export const moment = z.number().optional();
/** The optional `{ force }` of a refresh (the popup may send no object at all). */
export const forceOnly = z.object({ force: flag }).optional();
/** Site usernames: letters, digits, `_` and `-`. */
export const username = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
