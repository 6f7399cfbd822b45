/**
 * Binds the agent's memory port (`src/main/agent/ports.ts`) to the memory service: what the run
 * loop records becomes task / user / app memory, and retrieval results become prompt lines with
 * their ids and scores (which the run log keeps per model call).
 */
import { describeElementForMemory } from '../../shared/elements/describe-element.ts';
import type { RetrievalResult } from '../../shared/schemas/memory.ts';
import type { AgentMemory, RetrievedMemoryItem } from '../agent/ports.ts';
import type { MemoryService } from './memory-service.ts';
import { provenanceOf } from '../../shared/memory-provenance.ts';

export interface AgentMemoryOptions {
  /** Sees every full retrieval result (signals, reasons, warnings), e.g. for the run log. */
  onRetrieved?: (result: RetrievalResult) => void;
}

export function agentMemory(service: MemoryService, options: AgentMemoryOptions = {}): AgentMemory {
  return {
    async retrieve(q, signal) {
      const result = await service.retrieve(
        {
          purpose: q.purpose,
          query: q.query,
          runId: q.runId,
          ...(q.nodeId ? { nodeId: q.nodeId } : {}),
          ...(q.parentGoal ? { parentGoal: q.parentGoal } : {}),
          ...(q.app ? { app: q.app } : {}),
          ...(q.app && q.activity ? { activity: q.activity } : {}),
          ...(q.k ? { k: q.k } : {}),
          ...(q.approvedOnly ? { approvedOnly: true } : {}),
        },
        signal,
      );
      options.onRetrieved?.(result);
      return result.items.map(
        (m): RetrievedMemoryItem => ({
          id: m.id,
          kind: m.kind,
          score: m.score,
          text: m.summary,
          provenance: provenanceOf(m.memory),
        }),
      );
    },
    async recordAction(r) {
      const item = service.recordAction({ ...r, element: r.element ? describeElementForMemory(r.element) : null });
      return [item.id];
    },
    async recordRoute(r) {
      const item = service.recordRoute({
        runId: r.runId,
        nodeId: r.nodeId,
        goal: r.goal,
        taskGoal: r.taskGoal,
        steps: r.steps.map((s) => ({ subGoal: s.subgoal, action: s.action, element: s.element, app: s.app })),
      });
      return [item.id];
    },
    async recordAnswer(r) {
      return [service.recordAnswer(r).id];
    },
    async recordPlan(r) {
      return service.recordPlan(r).map((m) => m.id);
    },
    async recordTaskStatus(r) {
      return [service.recordTaskNode(r).id];
    },
    async recordAppPage(r) {
      return [
        service.recordAppPage({
          app: r.packageName,
          activity: r.activity,
          description: r.description,
          ...(r.runId ? { runId: r.runId } : {}),
        }).id,
      ];
    },
    async recordInteraction(r) {
      return [service.recordInteraction(r).id];
    },
    async recordPreference(r) {
      return [service.learnPreference(r).id];
    },
    async appDescriptions(o) {
      return service.appDescriptions(o);
    },
    noteRun(runId, model) {
      service.noteRunModel(runId, model);
    },
  };
}
