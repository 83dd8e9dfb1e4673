import { VISIT_DWELL_MS } from '../config';

/** Routes that are not pages a user works in: never counted. */
const NOT_PAGES = /^\/(login|refresh|redirect|index$|$)/;

/**
 * Counts the pages a signed-in user opens, for the workbench's shortcuts: a page counts
 * once it has stayed the current one for VISIT_DWELL_MS (passing through a tab on the way elsewhere
 * does not count, and a burst of switches posts nothing). The path without its query is posted; a
 * failure is quiet (the count is a convenience, not a record).
 */
export class VisitRecorder {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly post: (path: string) => Promise<void>,
    private readonly signedIn: () => boolean,
    private readonly dwellMs = VISIT_DWELL_MS,
  ) {}

  /** The current page is now `fullPath`. */
  opened(fullPath: string): void {
    this.cancel();
    const path = fullPath.split(/[?#]/, 1)[0] ?? '';
    if (!path.startsWith('/') || NOT_PAGES.test(path)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.signedIn()) this.post(path).catch(() => undefined);
    }, this.dwellMs);
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
