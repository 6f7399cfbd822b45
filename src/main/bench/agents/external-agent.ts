/**
 * The `external` strategy as the CLI and the benchmark start it: the user's program through the
 * agent protocol (`externalAgentLoop`), with Open_App names matched to installed apps by name
 * (no model is involved: the program is the agent).
 */
import type { AppChooser } from '../../agent/strategies/common/step-kernel.ts';
import { externalAgentLoop } from '../../agent/strategies/external/external-loop.ts';
import type { ExternalAgentOptions } from '../../agent/strategies/external/external-loop.ts';
import type { CustomLoop } from '../../agent/run-handle.ts';
import { matchApp } from '../../device/app-resolver.ts';

/** Chooses the installed app whose label or package name best matches the description. */
export const chooseAppByName: AppChooser = async (kernel, description, apps) => {
  const m = matchApp(
    description,
    apps.map((a) => ({ packageName: a.packageName, label: a.label, launchActivity: a.activity ?? null })),
  );
  const app = apps.find((a) => a.packageName === m.packageName)!;
  kernel.ctx.append({
    type: 'app_selected',
    description,
    packageName: app.packageName,
    activity: app.activity ?? null,
    method: 'exact',
    callIds: [],
  });
  return app;
};

export function externalAgent(options: Omit<ExternalAgentOptions, 'chooseApp'>): CustomLoop {
  return externalAgentLoop({ ...options, chooseApp: chooseAppByName });
}
