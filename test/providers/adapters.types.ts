/**
 * The provider adapters' outputs assigned to each provider SDK's own parameter types, at the
 * type level (fails only under `npm run typecheck`, which CI runs over test/): a shape that
 * drifts from the pinned SDK — @anthropic-ai/sdk 1.15.0, openai 6.49.0, @google/genai 2.32.0,
 * ai 6.0.325 — is a compile error here.
 */
import type { MessageParam, Tool as AnthropicTool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Content, FunctionDeclaration, GenerateContentParameters, Part } from '@google/genai';
import type { Tool as AiSdkTool, ToolResultPart } from 'ai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions/completions';
import type { FunctionTool, ResponseCreateParamsNonStreaming, ResponseInputItem, Tool as ResponsesTool } from 'openai/resources/responses/responses';
import type { RenderedToolResult } from '../../src/lanes/tool-result.js';
import {
  toAiSdk,
  toAnthropic,
  toAnthropicTool,
  toGemini,
  toGeminiTool,
  toOpenAIChat,
  toOpenAIChatTool,
  toOpenAIResponses,
  toOpenAIResponsesTool,
  type ToolDefinition,
} from '../../src/index.js';

declare const rendered: RenderedToolResult;
declare const definition: ToolDefinition;

// Anthropic: the adapter's fields complete a tool_result block inside a user message.
export const anthropicBlock: ToolResultBlockParam = { type: 'tool_result', tool_use_id: 'toolu_1', ...toAnthropic(rendered) };
export const anthropicMessage: MessageParam = { role: 'user', content: [anthropicBlock] };
export const anthropicContent: ToolResultBlockParam['content'] = toAnthropic(rendered).content;
export const anthropicTool: AnthropicTool = toAnthropicTool(definition);

// OpenAI Responses: an input item of the next request.
export const responsesItem: ResponseInputItem = toOpenAIResponses(rendered, { callId: 'call_1' });
export const responsesRequest: ResponseCreateParamsNonStreaming = {
  model: 'gpt-5',
  input: [toOpenAIResponses(rendered, { callId: 'call_1' })],
  tools: [toOpenAIResponsesTool(definition)],
};
export const responsesTool: ResponsesTool = toOpenAIResponsesTool(definition);
export const responsesFunctionTool: FunctionTool = toOpenAIResponsesTool(definition);

// OpenAI Chat Completions: the messages to append, and the tool.
export const chatMessages: ChatCompletionMessageParam[] = toOpenAIChat(rendered, { toolCallId: 'call_1' });
export const chatRequest: ChatCompletionCreateParamsNonStreaming = {
  model: 'gpt-5',
  messages: [...toOpenAIChat(rendered, { toolCallId: 'call_1' })],
  tools: [toOpenAIChatTool(definition)],
};
export const chatTool: ChatCompletionTool = toOpenAIChatTool(definition);

// Gemini: the parts of a user turn, and a function declaration.
export const geminiParts: Part[] = toGemini(rendered, { name: 'fetch_reference' });
export const geminiContent: Content = { role: 'user', parts: toGemini(rendered, { name: 'fetch_reference', id: 'fc_1' }) };
export const geminiRequest: GenerateContentParameters = {
  model: 'gemini-3-flash',
  contents: [geminiContent],
  config: { tools: [{ functionDeclarations: [toGeminiTool(definition)] }] },
};
export const geminiTurnParts: Content['parts'] = toGemini(rendered, { name: 'fetch_reference', media: 'turn' });
export const geminiDeclaration: FunctionDeclaration = toGeminiTool(definition);

// AI SDK: the output of a tool-result part, and what a tool's toModelOutput returns.
export const aiSdkOutput: ToolResultPart['output'] = toAiSdk(rendered);
export const aiSdkToModelOutput: NonNullable<AiSdkTool<unknown, RenderedToolResult>['toModelOutput']> = ({ output }) => toAiSdk(output);

// The checks can fail: a shape the SDKs reject is a compile error.
export const wrongAnthropic: ToolResultBlockParam = {
  type: 'tool_result',
  tool_use_id: 'toolu_1',
  // @ts-expect-error Anthropic's tool_result content takes no audio block
  content: [{ type: 'audio', source: { type: 'base64', media_type: 'audio/wav', data: '' } }],
};
// @ts-expect-error a Chat Completions tool message carries no image parts
export const wrongChat: ChatCompletionMessageParam = { role: 'tool', tool_call_id: 'c', content: [{ type: 'image_url', image_url: { url: '' } }] };
