import { makeAutoObservable } from 'mobx';

/** Shell state that is not per-page: gray mode (while the logout question is open), aside collapse. */
export class UiStore {
  gray = false;
  asideCollapsed = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setGray(on: boolean): void {
    this.gray = on;
  }

  toggleAside(): void {
    this.asideCollapsed = !this.asideCollapsed;
  }

  reset(): void {
    this.gray = false;
    this.asideCollapsed = false;
  }
}
