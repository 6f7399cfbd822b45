/**
 * MobA's separate, text-only app-selection call: which installed app an Open_App description
 * means, from the apps a person can launch, their App Memory descriptions and retrieved
 * memories. Every strategy resolves app names through it (the registry puts it in their kit).
 */
import { MobaError } from '../../../../shared/errors.ts';
import type { InstalledApp } from '../../ports.ts';
import type { AppChooser } from '../common/step-kernel.ts';
import { buildSelectAppMessages } from './prompts/select-app.ts';
import { selectAppReplySchema } from './replies.ts';

export const chooseAppByModel: AppChooser = async (kernel, description, apps) => {
  const { ctx, options } = kernel;
  const memories = await kernel.retrieve('select_app', description, null, null);
  let descriptions: Record<string, string> = {};
  if (options.useMemory) {
    try {
      descriptions = await ctx.memory.appDescriptions(
        options.approvedMemoriesOnly ? { approvedOnly: true } : undefined,
      );
    } catch (error) {
      kernel.nonFatal(error);
    }
  }
  // Only apps a person can launch; devices do not report labels, so App Memory descriptions carry the meaning.
  const launchable = apps.filter((a) => a.activity);
  const choices = launchable.length ? launchable : [...apps];
  const messages = buildSelectAppMessages({
    request: description,
    finalGoal: kernel.state.task,
    apps: choices,
    descriptions,
    memories,
  });
  const r = await ctx.modelStep({
    role: 'appSelector',
    purpose: 'select-app',
    nodeId: kernel.state.cursor,
    messages,
    schema: selectAppReplySchema(choices.map((a) => a.packageName)),
    memories,
  });
  if (!r.ok) throw new MobaError('ACTION_FAILED', `Could not choose an app for "${description}": ${r.error.message}`);
  const app: InstalledApp = apps.find((a) => a.packageName === r.value.packageName)!;
  ctx.append({
    type: 'app_selected',
    description,
    packageName: app.packageName,
    activity: app.activity ?? null,
    method: 'model',
    callIds: r.callIds,
  });
  return app;
};
