import type { Handlers } from '../contract/router.ts';
import type { DemoRecorder } from '../demos/demo-recorder.ts';

type DemoHandlerNames = 'startDemo' | 'demoInput' | 'undoDemoStep' | 'saveDemo' | 'cancelDemo';

export function demoHandlers(s: { demos: DemoRecorder }): Pick<Handlers, DemoHandlerNames> {
  return {
    startDemo: ({ serial }, { signal }) => s.demos.start(serial, signal),
    demoInput: ({ demoId, input }, { signal }) => s.demos.input(demoId, input, signal),
    undoDemoStep: ({ demoId }) => s.demos.undo(demoId),
    saveDemo: ({ demoId, task, subGoals }) => s.demos.save(demoId, task, subGoals ?? []),
    cancelDemo: ({ demoId }) => ({ cancelled: s.demos.cancel(demoId) }),
  };
}
