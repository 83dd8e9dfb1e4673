import { z } from 'zod';

/** GET /api/init/settings/: flat map "<group>.<key>" → typed value. */
export const settings = z.record(z.string(), z.unknown());
export type Settings = Record<string, unknown>;

/** A dictionary entry as the server sends it: values are always strings. */
export const dictionaryEntry = z.object({
  label: z.string(),
  value: z.string(),
  type: z.number().int(),
  color: z.string().nullable(),
});
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;

export const dictionaryGroup = z.object({ id: z.number().int(), value: z.string(), children: z.array(dictionaryEntry) });
export type DictionaryGroup = z.infer<typeof dictionaryGroup>;

export const dictionaryQuery = z.object({
  dictionary_key: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(999).optional(),
});
