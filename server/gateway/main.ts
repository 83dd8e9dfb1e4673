import Fastify from 'fastify';
import cors from '@fastify/cors';
import { graphqlGateway } from './plugin';

/**
 * Standalone GraphQL gateway: `GATEWAY_UPSTREAM=http://127.0.0.1:8000 npx tsx server/gateway/main.ts`.
 * Resolvers call the REST contract of the upstream (default: the embedded server on :8080),
 * forwarding the caller's JWT.
 */
const upstream = process.env.GATEWAY_UPSTREAM ?? 'http://127.0.0.1:8080';
const port = Number(process.env.GATEWAY_PORT ?? 8081);
const host = process.env.HOST ?? '127.0.0.1';

const app = Fastify({ logger: process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false, bodyLimit: 1_048_576 });
await app.register(cors, { origin: true, credentials: true });
await app.register(graphqlGateway, { upstream: () => upstream });
await app.listen({ port, host });
console.log(`GraphQL gateway on http://${host}:${port}/graphql → ${upstream}`);
