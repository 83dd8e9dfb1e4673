/**
 * The a11y addon's parameters for a story whose axe run must be clean: any violation fails the story
 * as a test. ('region' stays off: a story renders a part, not a page with landmarks.)
 */
export const A11Y_ENFORCED = { test: 'error', config: { rules: [{ id: 'region', enabled: false }] } } as const;
