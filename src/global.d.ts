export {};

declare global {
  interface Window {
    /** Written by the server into index.html in place of `<!--console-config-->`. */
    __CONSOLE_CONFIG__?: unknown;
  }
}
