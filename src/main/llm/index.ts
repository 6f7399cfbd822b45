/** The model layer: live and replay gateways, structured replies. */
export { ModelGateway } from './model-gateway.ts';
export type { ModelGatewayOptions } from './model-gateway.ts';
export { ReplayGateway } from './replay-gateway.ts';
export type { ReplayGatewayOptions, ReplayMode } from './replay-gateway.ts';
export { callStructured, parseStructuredReply, repairMessage } from './structured.ts';
export type { StructuredCallOptions, StructuredResult } from './structured.ts';
export { extractJson, describeIssues, looksLikeRefusal } from './json-extract.ts';
export { isLocalBaseUrl, resolveEndpoint, costOf } from './endpoints.ts';
export type { ModelOverrides, ModelSettingsSource, EndpointOverride } from './endpoints.ts';
export { requestHash } from './messages.ts';
export type {
  ArtifactSink,
  ChatContentPart,
  ChatMessage,
  ChatRequest,
  EmbedRequest,
  ImageMime,
  LlmGateway,
  ModelCallResult,
} from './types.ts';
export { addModelOverrideOptions, modelOverridesFromOptions } from './override-options.ts';
