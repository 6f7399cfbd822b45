/**
 * The registered strategies: each name of `StrategyName` (src/shared/schemas/strategy.ts) maps
 * to its loop, built with the services strategies share (`StrategyKit`). What each strategy is
 * — description, roles, what it sees — is in `src/shared/strategies.ts`, so the renderer can
 * list them too; this file adds only what runs.
 */
import { STRATEGIES } from '../../../shared/strategies.ts';
import type { StrategyInfo } from '../../../shared/strategies.ts';
import type { StrategyName } from '../../../shared/schemas/strategy.ts';
import type { RunLoop } from '../run-controller.ts';
import { appAgentLoop } from './appagent/appagent-loop.ts';
import { AUTOGLM } from './autoglm/autoglm.ts';
import { guiNativeLoop } from './gui-native/loop.ts';
import { GUI_OWL } from './gui-owl/gui-owl.ts';
import { QWEN_VL } from './qwen-vl/qwen-vl.ts';
import { UI_TARS } from './ui-tars/ui-tars.ts';
import type { StrategyKit } from './common/kit.ts';
import { chooseAppByModel } from './moba/app-choice.ts';
import { externalProgramMissing } from './external/external-loop.ts';
import { mobaLoop } from './moba/moba-loop.ts';
import { mobileAgentELoop } from './mobile-agent-e/e-loop.ts';
import { mobileAgentV1Loop } from './mobile-agent-v1/v1-loop.ts';
import { mobileAgentV2Loop } from './mobile-agent-v2/v2-loop.ts';

export interface RegisteredStrategy extends StrategyInfo {
  loop(kit: StrategyKit): RunLoop;
}

const LOOPS: Readonly<Record<StrategyName, (kit: StrategyKit) => RunLoop>> = {
  moba: mobaLoop,
  appagent: appAgentLoop,
  'mobile-agent-v1': mobileAgentV1Loop,
  'mobile-agent-v2': mobileAgentV2Loop,
  'mobile-agent-e': mobileAgentELoop,
  'ui-tars': guiNativeLoop(UI_TARS),
  'qwen-vl': guiNativeLoop(QWEN_VL),
  autoglm: guiNativeLoop(AUTOGLM),
  'gui-owl': guiNativeLoop(GUI_OWL),
  // Driven by its program, which the run's starter passes as the run's own loop (external-loop.ts).
  external: () => async () => {
    throw externalProgramMissing();
  },
};

/** The strategy's description and loop; every strategy resolves app names with MobA's app-selection call. */
export function strategy(name: StrategyName): RegisteredStrategy {
  return { ...STRATEGIES[name], loop: (kit) => LOOPS[name]({ chooseApp: chooseAppByModel, ...kit }) };
}
