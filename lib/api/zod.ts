/**
 * The one place the extension imports zod from. MV3 service workers forbid `eval`/`new Function`
 * (CSP), which zod uses to compile fast object parsers; `jitless` turns that off. It must run before
 * any schema is built, so every schema file imports `z` from here, never from 'zod' directly.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
