// The baseline of bench/api-list.bench.ts: a minimal Fastify process answering one JSON route.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
