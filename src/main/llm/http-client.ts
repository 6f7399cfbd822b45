/**
 * The HTTP layer of the model gateway, in one place: the `openai` SDK client each endpoint is
 * reached through (Azure OpenAI's deployment-scoped client for Azure endpoints). Whatever must
 * hold for every model request (limits, headers) belongs here.
 */
import OpenAI, { AzureOpenAI } from 'openai';
import { MobaError } from '../../shared/errors.ts';
import type { ModelEndpoint } from '../../shared/schemas/settings.ts';
import { providerOf } from '../../shared/providers.ts';
import { cappedFetch } from '../capped-fetch.ts';

/** A placeholder bearer token for local servers that need none (the SDK insists on one). */
const NO_KEY = 'no-key';

/** Nothing from the environment may leak into a request: settings are the only source. */
const NOTHING_FROM_ENV = { organization: null, project: null, adminAPIKey: null, webhookSecret: null } as const;

/**
 * A client for the endpoint. The SDK's own retries are off (the gateway retries) and its
 * timeout is a backstop a little beyond the endpoint's.
 * @throws MobaError MODEL_NOT_CONFIGURED for an Azure endpoint without its deployment and API version
 */
export function createModelClient(endpoint: ModelEndpoint, apiKey: string | undefined): OpenAI {
  const common = {
    maxRetries: 0,
    timeout: endpoint.timeoutMs + 5_000,
    logLevel: 'off' as const,
    ...NOTHING_FROM_ENV,
    // A reply is read up to MOBA_MAX_RESPONSE_MB, whoever runs the endpoint.
    fetch: cappedFetch(),
  };
  if (providerOf(endpoint).id !== 'azure') {
    return new OpenAI({ ...common, apiKey: apiKey ?? NO_KEY, baseURL: endpoint.baseUrl });
  }
  if (!endpoint.azure) {
    throw new MobaError(
      'MODEL_NOT_CONFIGURED',
      `The Azure OpenAI endpoint ${endpoint.baseUrl} needs its deployment name and API version (Settings → Models → Azure OpenAI, or "azure": { "deployment", "apiVersion" } in the endpoint).`,
    );
  }
  return new AzureOpenAI({
    ...common,
    apiKey: apiKey ?? NO_KEY,
    endpoint: new URL(endpoint.baseUrl).origin,
    deployment: endpoint.azure.deployment,
    apiVersion: endpoint.azure.apiVersion,
  });
}
