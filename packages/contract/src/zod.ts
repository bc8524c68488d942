/**
 * zod, as every schema of the contract imports it. In a browser it builds its parsers without generated code:
 * no `new Function`, not even the probe for whether it may, which a browser reports as a violation of the web
 * app's content security policy even when the attempt is caught (decision 022). Set here, before any schema is
 * made, because zod decides as each object schema is created. The server keeps the faster generated parsers.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
