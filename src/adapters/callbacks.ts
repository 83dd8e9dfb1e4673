import type { ApiCallbacks } from './api';

/**
 * ApiCallbacks whose target is connected after construction: the adapter is built before the
 * RootStore that handles its callbacks. Calls before `connect` go to the fallback.
 */
export function lateCallbacks(fallback: ApiCallbacks): ApiCallbacks & { connect(target: ApiCallbacks): void } {
  let target = fallback;
  return {
    notify: (notice) => target.notify(notice),
    authExpired: () => target.authExpired(),
    logFailure: (failure) => target.logFailure(failure),
    connect(next) {
      target = next;
    },
  };
}
