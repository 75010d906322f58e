// Starts bench/hello-world-server.ts as its own process on a free port.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './server-process.ts';

export async function startHelloWorld() {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/hello-world-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
