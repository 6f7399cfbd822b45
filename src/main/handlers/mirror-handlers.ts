import type { Handlers } from '../contract/router.ts';
import type { MirrorService } from '../mirror/mirror-service.ts';
import type { PersonActions } from '../person/person-actions.ts';

type MirrorHandlerNames = 'startMirror' | 'stopMirror' | 'getMirrorState' | 'mirrorInput';

/** The mirror's methods: each window subscribes with its own connection, which receives the frames. */
export function mirrorHandlers(s: {
  mirror: MirrorService;
  person: PersonActions;
}): Pick<Handlers, MirrorHandlerNames> {
  return {
    startMirror: ({ serial, options }, { connection }) => s.mirror.start(serial, connection, options ?? {}),
    stopMirror: ({ serial }, { connection }) => ({ stopped: s.mirror.stop(serial, connection.id) }),
    getMirrorState: () => ({ mirrors: s.mirror.list() }),
    // A person acting on the phone while a run is on it is part of that run's record.
    mirrorInput: ({ serial, input }, { signal }) => s.person.perform(serial, { input }, signal),
  };
}
