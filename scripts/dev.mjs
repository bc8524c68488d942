// Development: the API (rebuilt and restarted by tsc --watch + node --watch) and the Vite dev server.
import { spawn } from 'node:child_process';

const run = (command, args, options = {}) =>
  spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32', ...options });

const children = [
  run('npx', ['tsc', '-b', 'apps/api', '--watch', '--preserveWatchOutput']),
  // The Node that runs this script (the project's own, under npm run dev) also runs the server.
  run(process.execPath, ['--watch', 'apps/api/dist/server.js'], { env: { ...process.env, NODE_ENV: 'development' } }),
  run('npx', ['vite', 'apps/web']),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
