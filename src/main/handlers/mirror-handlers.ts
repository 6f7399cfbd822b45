import type { Handlers } from '../contract/router.ts';
import type { MirrorService } from '../mirror/mirror-service.ts';
import type { RunService } from '../agent/run-service.ts';

type MirrorHandlerNames = 'startMirror' | 'stopMirror' | 'getMirrorState' | 'mirrorInput';

/** The mirror's methods: each window subscribes with its own connection, which receives the frames. */
export function mirrorHandlers(s: { mirror: MirrorService; runs?: RunService }): Pick<Handlers, MirrorHandlerNames> {
  return {
    startMirror: ({ serial, options }, { connection }) => s.mirror.start(serial, connection, options ?? {}),
    stopMirror: ({ serial }, { connection }) => ({ stopped: s.mirror.stop(serial, connection.id) }),
    getMirrorState: () => ({ mirrors: s.mirror.list() }),
    mirrorInput: async ({ serial, input }) => {
      const result = await s.mirror.input(serial, input);
      // A person acting on the phone while a run is on it is part of that run's record.
      s.runs?.recordPersonInput(serial, input, result);
      return result;
    },
  };
}
