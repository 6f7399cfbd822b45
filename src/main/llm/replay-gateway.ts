import { randomUUID } from 'node:crypto';
import { MobaError, deserializeError, serializeError } from '../../shared/errors.ts';
import type { ModelCallRecord, RecordedMessage, RecordedRequest } from '../../shared/schemas/llm.ts';
import type { ModelRole } from '../../shared/schemas/settings.ts';
import { Emitter } from '@moba/base';
import { embedRequestHash, requestHash, toRecordedMessages } from './messages.ts';
import { cancelled } from './retry.ts';
import type { ArtifactSink, ChatRequest, EmbedRequest, LlmGateway, ModelCallResult } from './types.ts';

export type ReplayMode = 'strict' | 'lenient';

export interface ReplayGatewayOptions {
  /** The recorded calls of a run, in the order they were made. */
  records: readonly ModelCallRecord[];
  /** strict: a request whose hash differs from the recording fails with REPLAY_MISMATCH. */
  mode?: ReplayMode;
  artifacts?: ArtifactSink;
}

/**
 * Serves a run's recorded model replies again, in order per role, so the run can be re-executed
 * deterministically without a model. A recorded failure is thrown again. Each served call fires
 * `onDidRecord` with a record marked `replay: { of, hashMatched }`.
 */
export class ReplayGateway implements LlmGateway {
  private readonly queues = new Map<string, ModelCallRecord[]>();
  private readonly mode: ReplayMode;
  private readonly artifacts: ArtifactSink | undefined;
  private readonly onDidRecordEmitter = new Emitter<ModelCallRecord>();
  readonly onDidRecord = this.onDidRecordEmitter.event;

  constructor(options: ReplayGatewayOptions) {
    this.mode = options.mode ?? 'strict';
    this.artifacts = options.artifacts;
    for (const record of options.records) {
      const key = queueKey(record.kind, record.role);
      const queue = this.queues.get(key) ?? [];
      queue.push(record);
      this.queues.set(key, queue);
    }
  }

  /** Recorded calls not yet served, per role. */
  remaining(): Partial<Record<ModelRole, number>> {
    const out: Partial<Record<ModelRole, number>> = {};
    for (const [key, queue] of this.queues) {
      const role = key.split(':')[1] as ModelRole;
      out[role] = (out[role] ?? 0) + queue.length;
    }
    return out;
  }

  /**
   * @throws MobaError REPLAY_MISMATCH when no recorded call is left for the role, or (strict) the
   *   request differs from the recording; the recorded error when the original call failed;
   *   CANCELLED when `signal` is already aborted.
   */
  async chat(request: ChatRequest): Promise<ModelCallResult> {
    if (request.signal?.aborted) throw cancelled();
    const t0 = performance.now();
    const hash = requestHash(request);
    const messages = toRecordedMessages(request.messages, this.artifacts);
    const recorded = this.next({ kind: 'chat', role: request.role, purpose: request.purpose, hash, messages });
    const record: ModelCallRecord = {
      ...recorded,
      id: randomUUID(),
      purpose: request.purpose,
      request: { ...recorded.request, messages },
      requestHash: hash,
      latencyMs: performance.now() - t0,
      attempts: 0,
      startedAt: Date.now(),
      replay: { of: recorded.id, hashMatched: recorded.requestHash === hash },
    };
    this.onDidRecordEmitter.fire(record);
    if (recorded.error) throw deserializeError(recorded.error);
    if (!recorded.reply)
      throw new MobaError('REPLAY_MISMATCH', `The recorded call ${recorded.id} has neither a reply nor an error.`);
    if (request.onDelta && recorded.reply.text) request.onDelta(recorded.reply.text);
    return {
      ...recorded.reply,
      reasoning: recorded.reply.reasoning ?? null,
      toolCalls: recorded.reply.toolCalls ?? [],
      usage: recorded.usage,
      latencyMs: record.latencyMs,
      costUsd: recorded.costUsd,
      attempts: 0,
      baseUrl: recorded.baseUrl,
      model: recorded.model,
      record,
    };
  }

  /** @throws like `chat`. */
  async embed(request: EmbedRequest): Promise<number[][]> {
    if (request.texts.length === 0) return [];
    if (request.signal?.aborted) throw cancelled();
    const hash = embedRequestHash(request.texts);
    const purpose = request.purpose ?? 'embed';
    const recorded = this.next({
      kind: 'embed',
      role: 'embedder',
      purpose,
      hash,
      messages: [],
      texts: [...request.texts],
    });
    this.onDidRecordEmitter.fire({
      ...recorded,
      id: randomUUID(),
      purpose,
      requestHash: hash,
      latencyMs: 0,
      attempts: 0,
      startedAt: Date.now(),
      replay: { of: recorded.id, hashMatched: recorded.requestHash === hash },
    });
    if (recorded.error) throw deserializeError(recorded.error);
    if (!recorded.embeddings)
      throw new MobaError('REPLAY_MISMATCH', `The recorded embedding call ${recorded.id} has no vectors.`);
    return recorded.embeddings.map((v) => [...v]);
  }

  dispose(): void {
    this.onDidRecordEmitter.dispose();
  }

  /** The next recorded call for the role; a failure to find one is recorded like any failed call. */
  private next(ask: NextCall): ModelCallRecord {
    try {
      return this.take(ask);
    } catch (error) {
      const request: RecordedRequest = { messages: ask.messages };
      if (ask.texts) request.texts = ask.texts;
      this.onDidRecordEmitter.fire({
        id: randomUUID(),
        kind: ask.kind,
        role: ask.role,
        purpose: ask.purpose,
        baseUrl: '',
        model: '',
        request,
        requestHash: ask.hash,
        reply: null,
        usage: null,
        latencyMs: 0,
        costUsd: null,
        attempts: 0,
        error: serializeError(error),
        startedAt: Date.now(),
      });
      throw error;
    }
  }

  private take({ kind, role, purpose, hash }: NextCall): ModelCallRecord {
    const recorded = this.queues.get(queueKey(kind, role))?.shift();
    if (!recorded) {
      throw new MobaError(
        'REPLAY_MISMATCH',
        `The replay has no recorded ${kind} call left for the ${role} role (asked for "${purpose}"): the run diverged from its recording.`,
        {
          details: { role, purpose, requestHash: hash },
        },
      );
    }
    if (this.mode === 'strict' && recorded.requestHash !== hash) {
      throw new MobaError(
        'REPLAY_MISMATCH',
        `The ${role} request "${purpose}" differs from the recorded call "${recorded.purpose}" (${recorded.id}): the run diverged from its recording.`,
        { details: { role, purpose, recordId: recorded.id, expectedHash: recorded.requestHash, actualHash: hash } },
      );
    }
    return recorded;
  }
}

interface NextCall {
  kind: ModelCallRecord['kind'];
  role: ModelRole;
  purpose: string;
  hash: string;
  messages: RecordedMessage[];
  texts?: string[];
}

function queueKey(kind: ModelCallRecord['kind'], role: ModelRole): string {
  return `${kind}:${role}`;
}
