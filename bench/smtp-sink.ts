// A loopback SMTP server in its own process (so the API's process does not pay for receiving):
// prints its port, then the number of messages received on each "count" line of stdin.
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, done) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      done();
    });
  },
});
smtp.listen(0, '127.0.0.1', () => console.log((smtp.server.address() as AddressInfo).port));
createInterface({ input: process.stdin }).on('line', (l) => {
  if (l === 'count') console.log(received);
  else process.exit(0);
});
