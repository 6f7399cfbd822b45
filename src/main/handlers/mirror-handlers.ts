import type { Handlers } from '../contract/router.ts';
import type { MirrorService } from '../mirror/mirror-service.ts';

type MirrorHandlerNames = 'startMirror' | 'stopMirror' | 'getMirrorState' | 'mirrorInput';

/** The mirror's methods: each window subscribes with its own connection, which receives the frames. */
export function mirrorHandlers(s: { mirror: MirrorService }): Pick<Handlers, MirrorHandlerNames> {
  return {
    startMirror: ({ serial, options }, { connection }) => s.mirror.start(serial, connection, options ?? {}),
    stopMirror: ({ serial }, { connection }) => ({ stopped: s.mirror.stop(serial, connection.id) }),
    getMirrorState: () => ({ mirrors: s.mirror.list() }),
    mirrorInput: ({ serial, input }) => s.mirror.input(serial, input),
  };
}
