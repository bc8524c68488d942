// Copy the committed SQL migrations next to the compiled code, where the server looks for them.
import fs from 'node:fs';
fs.cpSync(new URL('../src/db/migrations', import.meta.url), new URL('../dist/db/migrations', import.meta.url), {
  recursive: true,
});
