/**
 * A tool as a host declares it to its model — name, description, JSON Schema of its input — and
 * that declaration in each provider's tool-definition shape.
 */
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages/messages';
import type { FunctionDeclaration } from '@google/genai';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';

/** A JSON Schema describing a tool's input: an object, as every provider requires. */
export interface JsonSchemaObject {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/** A tool a host offers its model (`host.fetchReferenceTool()` returns one, with its `call`). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
}

/** The schema as a fresh mutable object (provider types aren't readonly; the caller's stays untouched). */
function schemaOf(definition: ToolDefinition): { type: 'object'; [keyword: string]: unknown } {
  const { required, ...rest } = definition.inputSchema;
  return { ...rest, type: 'object', ...(required === undefined ? {} : { required: [...required] }) };
}

/** The tool as an Anthropic Messages API `tools` entry. */
export function toAnthropicTool(definition: ToolDefinition): AnthropicTool {
  return { name: definition.name, description: definition.description, input_schema: schemaOf(definition) };
}

/**
 * The tool as an OpenAI Responses API `tools` entry. `strict` is false: strict mode requires
 * every property to be required and `additionalProperties: false`, which a schema needn't say.
 */
export function toOpenAIResponsesTool(definition: ToolDefinition): FunctionTool {
  return { type: 'function', name: definition.name, description: definition.description, parameters: schemaOf(definition), strict: false };
}

/** The tool as an OpenAI Chat Completions `tools` entry. */
export function toOpenAIChatTool(definition: ToolDefinition): ChatCompletionFunctionTool {
  return { type: 'function', function: { name: definition.name, description: definition.description, parameters: schemaOf(definition) } };
}

/**
 * The tool as a Gemini `FunctionDeclaration` (put it in a tool's `functionDeclarations`), its
 * schema as `parametersJsonSchema`: JSON Schema as is, not Gemini's OpenAPI `Schema`.
 */
export function toGeminiTool(definition: ToolDefinition): FunctionDeclaration {
  return { name: definition.name, description: definition.description, parametersJsonSchema: schemaOf(definition) };
}
