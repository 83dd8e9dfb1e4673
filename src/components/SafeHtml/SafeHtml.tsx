import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize';
import './safe-html.css';

export interface SafeHtmlProps {
  html: string;
  className?: string;
  'data-testid'?: string;
}

/** Message HTML, sanitized (see sanitize.ts) and contained: long words wrap, images fit the width. */
export function SafeHtml({ html, className, 'data-testid': testId }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={`safe-html${className ? ` ${className}` : ''}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
