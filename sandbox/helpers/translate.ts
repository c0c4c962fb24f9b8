/**
 * The translation helper: `GET /translate?language=&text=` -> `{ "result": ... }`, `GET /supported`
 * -> `[{ code, name }, ...]` (the 49 languages). Unknown or missing language: 400 with a JSON body.
 */
import type { Hono } from 'hono';
import type { SandboxEnv } from '../origins';
import { TRANSLATE_LANGUAGES } from './languages';
import { translateText } from './translator';

const CODES = new Set(TRANSLATE_LANGUAGES.map((l) => l.code));

export function mountTranslateRoutes(app: Hono<SandboxEnv>): void {
  app.get('/translate', (c) => {
    const language = (c.req.query('language') ?? '').toLowerCase();
    const text = c.req.query('text');
    if (!CODES.has(language)) return c.json({ error: `unsupported language: ${language}` }, 400);
    if (text === undefined) return c.json({ error: 'text is required' }, 400);
    return c.json({ result: translateText(text, language) });
  });

  app.get('/supported', (c) => c.json(TRANSLATE_LANGUAGES));

  app.notFound((c) => c.json({ error: 'not found' }, 404));
}
