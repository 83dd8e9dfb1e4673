/** A JSON object as it comes off the wire: keys to unknown values. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a plain JSON object (not null, not an array). One definition for the console and the gateway. */
export function isRecord(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
