export { SafeHtml, type SafeHtmlProps } from './SafeHtml';
export { sanitizeHtml, filterStyle } from './sanitize';
