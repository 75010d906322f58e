// A TCP relay between the browser and the server that the bench can cut, as a factory's Wi-Fi
// drops: every open connection is closed and new ones are refused, for the page and for the
// service worker alike.
//
// Why not Playwright's `context.route('**/*', abort)`: request interception turns off Chromium's
// caches for the intercepted context, the V8 code cache of the service worker's cached scripts
// included. Every "offline" start measured that way compiled the console's code from source (about
// 200 ms of parsing on the critical path) where a real offline start reuses the compiled code.
// `OFFLINE_BY=route` keeps the old way, to compare.
import { connect, createServer, type Socket } from 'node:net';

export interface NetworkSwitch {
  /** The origin the browser uses. */
  url: string;
  /** Closes every connection and refuses new ones from now on. */
  cut(): Promise<void>;
  close(): Promise<void>;
}

export async function startNetworkSwitch(target: string): Promise<NetworkSwitch> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as { port: number };
  let closed = false;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (closed) return resolve();
      closed = true;
      relay.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${address.port}`, cut: close, close };
}
