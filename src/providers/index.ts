/**
 * The provider adapters: a rendered tool result (and a tool definition) in each provider SDK's
 * own shape. The SDKs are imported as types only; none is a runtime dependency.
 */
export { toAnthropic } from './anthropic.js';
export type { AnthropicToolResult, AnthropicToolResultBlock } from './anthropic.js';
export { toOpenAIResponses } from './openai-responses.js';
export type { OpenAIResponsesOptions, OpenAIResponsesToolOutput } from './openai-responses.js';
export { toOpenAIChat } from './openai-chat.js';
export type { OpenAIChatOptions, OpenAIChatToolMessages } from './openai-chat.js';
export { toGemini } from './gemini.js';
export type { GeminiOptions } from './gemini.js';
export { toAiSdk } from './ai-sdk.js';
export type { AiSdkToolOutput, AiSdkContentPart, AiSdkOptions } from './ai-sdk.js';
export { toAnthropicTool, toOpenAIResponsesTool, toOpenAIChatTool, toGeminiTool } from './tool-definition.js';
export type { ToolDefinition, JsonSchemaObject } from './tool-definition.js';
