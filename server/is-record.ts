/** A plain JSON object (not null, not an array): the server's one check before reading keys of unknown input. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
