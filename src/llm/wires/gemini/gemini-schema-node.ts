/** A JSON Schema node as the Gemini schema files read it: any object that is not an array. */
export type Schema = Record<string, unknown>;

export function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
