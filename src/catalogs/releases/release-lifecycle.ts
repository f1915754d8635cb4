import { defineLifecycle, statesAllowing } from '../../common/lifecycle';

export type ReleaseStatus = 'PENDING' | 'IN_PROGRESS' | 'PUBLISHED' | 'FAILED';
export type ReleaseAction = 'start' | 'resume' | 'publish' | 'fail';

/**
 * A catalog release: created PENDING by `POST /catalogs/:id/releases`; a publisher claims it (`start`), writes its
 * rows, then `publish`es it or marks it FAILED with a reason. A publisher that stopped mid-way (a crash, a
 * redeploy) leaves it IN_PROGRESS: once its lease has lapsed, any replica claims it again (`resume`) and writes its
 * rows afresh. A PUBLISHED release never changes again.
 */
export const RELEASE_LIFECYCLE = defineLifecycle<ReleaseStatus, ReleaseAction>('catalog release', ['PENDING'], {
  PENDING: { start: ['IN_PROGRESS'], fail: ['FAILED'] },
  IN_PROGRESS: { resume: ['IN_PROGRESS'], publish: ['PUBLISHED'], fail: ['FAILED'] },
  PUBLISHED: {},
  FAILED: {},
});

/** The states a publisher may claim a release in (PENDING, or IN_PROGRESS left behind). */
export const CLAIMABLE_STATES: string[] = [...new Set([...statesAllowing(RELEASE_LIFECYCLE, 'start'), ...statesAllowing(RELEASE_LIFECYCLE, 'resume')])];
