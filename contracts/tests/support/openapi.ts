import { z } from 'zod';

/** The outline of an OpenAPI 3.1 document, enough to tell one from anything else. */
export const openApiShape = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.object({ responses: z.record(z.string(), z.unknown()) }).passthrough())),
});
