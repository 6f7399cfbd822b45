/**
 * `moba memory quarantine|release|approve|unapprove`: a person's verdict on memories, by id or
 * on everything one run wrote. Quarantined memories never reach a prompt; with the run option
 * or agent setting "approved memories only", only person-approved ones do.
 */
import type { Command } from 'commander';
import { MobaError } from '../../../shared/errors.ts';
import type { MemoryService } from '../../memory/memory-service.ts';
import type { CliIo } from '../io.ts';

type WithMemory = <T>(command: Command, fn: (memory: MemoryService) => Promise<T> | T) => Promise<T>;

const VERDICTS = [
  {
    name: 'quarantine',
    change: { quarantined: true },
    did: 'Quarantined',
    description: 'keep memories out of every prompt until released — those ids, or everything a run wrote (--run)',
  },
  {
    name: 'release',
    change: { quarantined: false },
    did: 'Released',
    description: 'let quarantined memories reach prompts again',
  },
  {
    name: 'approve',
    change: { approved: true },
    did: 'Approved',
    description: 'vouch for memories a run wrote, so "approved memories only" runs use them',
  },
  {
    name: 'unapprove',
    change: { approved: false },
    did: 'Withdrew approval of',
    description: 'withdraw your approval of memories',
  },
] as const;

export function registerMemoryTrust(memory: Command, io: CliIo, withMemory: WithMemory): void {
  for (const v of VERDICTS) {
    memory
      .command(`${v.name} [ids...]`)
      .description(v.description)
      .option('--run <runId>', 'every memory this run wrote')
      .action(async (ids: string[], opts: { run?: string }, command: Command) => {
        if (!ids.length && !opts.run)
          throw new MobaError('INVALID_INPUT', `Name the memories: moba memory ${v.name} ID… or --run RUN_ID.`);
        await withMemory(command, (m) => {
          const changed = m.setTrust({
            ...(ids.length ? { ids } : {}),
            ...(opts.run ? { runId: opts.run } : {}),
            ...v.change,
          });
          io.out(
            `${v.did} ${changed} ${changed === 1 ? 'memory' : 'memories'}${opts.run ? ` of run ${opts.run}` : ''}.\n`,
          );
        });
      });
  }
}
