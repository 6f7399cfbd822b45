/** ReachAgent's action space for the strategies (`actionSpace: 'candidates'`); defined with the perception it derives from. */
export { reachActionSpace } from '../../../perception/reach-action-space.ts';
export type { ReachActionSpace } from '../../../perception/reach-action-space.ts';
