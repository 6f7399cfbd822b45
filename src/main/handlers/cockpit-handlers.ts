import type { Handlers } from '../contract/router.ts';
import type { PersonActions } from '../person/person-actions.ts';

/** The person's own actions from the cockpit: performed on the run's device, recorded in its log. */
export function cockpitHandlers(s: { person: PersonActions }): Pick<Handlers, 'actAsPerson'> {
  return {
    actAsPerson: ({ runId, action, elements, screen }, { signal }) =>
      s.person.performInRun(runId, { action, elements, screen }, signal),
  };
}
