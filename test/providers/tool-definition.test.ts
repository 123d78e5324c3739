/**
 * A tool definition in each provider's tool-definition shape (issue 13): the name, description
 * and schema carried over, the caller's schema left untouched.
 */
import { describe, expect, it } from 'vitest';
import { toAnthropicTool, toGeminiTool, toOpenAIChatTool, toOpenAIResponsesTool, type ToolDefinition } from '../../src/providers/tool-definition.js';

const DEFINITION: ToolDefinition = Object.freeze({
  name: 'fetch_reference',
  description: 'Fetch a reference by its id.',
  inputSchema: Object.freeze({
    type: 'object',
    properties: Object.freeze({ id: Object.freeze({ type: 'string' }) }),
    required: Object.freeze(['id']),
    additionalProperties: false,
  }),
});

const SCHEMA = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false };

describe(toAnthropicTool.name, () => {
  it('carries name, description and the schema as input_schema', () => {
    expect(toAnthropicTool(DEFINITION)).toEqual({ name: 'fetch_reference', description: 'Fetch a reference by its id.', input_schema: SCHEMA });
  });

  it("gives a copy of required, not the caller's frozen array", () => {
    const required = toAnthropicTool(DEFINITION).input_schema.required;
    expect(required).not.toBe(DEFINITION.inputSchema.required);
    expect(Object.isFrozen(required)).toBe(false);
  });
});

describe(toOpenAIResponsesTool.name, () => {
  it('is a function tool with the schema as parameters, not strict', () => {
    expect(toOpenAIResponsesTool(DEFINITION)).toEqual({
      type: 'function',
      name: 'fetch_reference',
      description: 'Fetch a reference by its id.',
      parameters: SCHEMA,
      strict: false,
    });
  });
});

describe(toOpenAIChatTool.name, () => {
  it('is a function tool whose function carries the schema as parameters', () => {
    expect(toOpenAIChatTool(DEFINITION)).toEqual({
      type: 'function',
      function: { name: 'fetch_reference', description: 'Fetch a reference by its id.', parameters: SCHEMA },
    });
  });
});

describe(toGeminiTool.name, () => {
  it('is a function declaration with the schema as parametersJsonSchema', () => {
    expect(toGeminiTool(DEFINITION)).toEqual({ name: 'fetch_reference', description: 'Fetch a reference by its id.', parametersJsonSchema: SCHEMA });
  });

  it('leaves a schema without required without one', () => {
    const declaration = toGeminiTool({ ...DEFINITION, inputSchema: { type: 'object' } });
    expect(declaration.parametersJsonSchema).toEqual({ type: 'object' });
  });
});
