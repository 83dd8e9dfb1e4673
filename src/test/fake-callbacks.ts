import type { ApiCallbacks, Failure, Notice } from '../adapters/api';

/** ApiCallbacks that record what the adapter asked for. */
export function recordingCallbacks(): ApiCallbacks & { notices: Notice[]; failures: Failure[]; expired: number } {
  const record = {
    notices: [] as Notice[],
    failures: [] as Failure[],
    expired: 0,
    notify(notice: Notice) {
      record.notices.push(notice);
    },
    logFailure(failure: Failure) {
      record.failures.push(failure);
    },
    authExpired() {
      record.expired += 1;
    },
  };
  return record;
}
