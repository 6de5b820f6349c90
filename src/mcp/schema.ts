/**
 * An MCP tool's input schema as the model may be given it: the keywords Gemini and
 * OpenAI-compatible servers accept (as tools/define-tool.ts keeps for the built-in tools),
 * recursively; local `$ref`s to `$defs`/`definitions` are inlined (a cycle becomes a bare
 * object). The call is still validated against the server's full schema.
 */
const KEPT = ['type', 'enum', 'minimum', 'maximum', 'minItems', 'maxItems', 'description', 'items', 'properties', 'required', 'additionalProperties', 'anyOf'] as const;

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

export function modelSchema(input: unknown): Schema {
  const root = isSchema(input) ? input : {};
  const definitions = { ...(isSchema(root['definitions']) ? root['definitions'] : {}), ...(isSchema(root['$defs']) ? root['$defs'] : {}) };
  const convert = (schema: unknown, seen: readonly string[]): Schema => {
    if (!isSchema(schema)) return {};
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1];
      if (!name || seen.includes(name) || !isSchema(definitions[name])) return { type: 'object' };
      return convert(definitions[name], [...seen, name]);
    }
    const out: Schema = {};
    for (const key of KEPT) {
      const value = schema[key];
      if (value === undefined) continue;
      if (key === 'properties' && isSchema(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, convert(item, seen)]));
      else if (key === 'items') out[key] = convert(value, seen);
      else if (key === 'anyOf' && Array.isArray(value)) out[key] = value.map((item) => convert(item, seen));
      else if (key === 'additionalProperties') out[key] = typeof value === 'boolean' ? value : convert(value, seen);
      else if (key === 'type' && Array.isArray(value)) {
        // ["string", "null"]: the first non-null type (neither provider takes a list).
        const first = value.find((item) => item !== 'null');
        if (first !== undefined) out[key] = first;
      } else out[key] = value;
    }
    if (schema['oneOf'] && !out['anyOf'] && Array.isArray(schema['oneOf'])) out['anyOf'] = schema['oneOf'].map((item) => convert(item, seen));
    return out;
  };
  const converted = convert(root, []);
  return { ...converted, type: 'object', properties: isSchema(converted['properties']) ? converted['properties'] : {} };
}
