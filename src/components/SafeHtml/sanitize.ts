import DOMPurify, { type Config } from 'dompurify';

/**
 * Sanitizes message HTML (spec §2.4: the popover shows the newest message's HTML content). Kept:
 * formatting, lists, tables, links (opened in a new tab) and images. Removed: scripts, event handlers,
 * javascript:/vbscript: URLs and any markup that could run code or load a document (iframe, object,
 * form, svg, style and link elements), and every inline style except a short list of typographic
 * properties, so nothing can position itself outside the popover or cover the page.
 */

/** Inline style properties a message may use, with a check of the value. */
const STYLE_RULES: Record<string, (value: string) => boolean> = {
  color: isColor,
  'background-color': isColor,
  'font-weight': (v) => /^(normal|bold|bolder|lighter|[1-9]00)$/.test(v),
  'font-style': (v) => /^(normal|italic|oblique)$/.test(v),
  'text-decoration': (v) => /^(none|underline|line-through|overline)( (underline|line-through|overline))*$/.test(v),
  'text-decoration-line': (v) => /^(none|underline|line-through|overline)$/.test(v),
  'text-align': (v) => /^(left|right|center|justify|start|end)$/.test(v),
  'font-size': (v) => {
    const m = /^(\d+(?:\.\d+)?)(px|em|rem|%)$/.exec(v);
    if (!m) return /^(small|medium|large|x-large|smaller|larger)$/.test(v);
    const n = Number(m[1]);
    return m[2] === 'px' ? n <= 48 : m[2] === '%' ? n <= 300 : n <= 3;
  },
  'line-height': (v) => /^(normal|\d(\.\d+)?|\d{1,2}px)$/.test(v),
};

function isColor(v: string): boolean {
  return /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|hsla?\(\s*[\d.\s,%deg]+\)|[a-z]{3,20})$/i.test(v);
}

/** Keeps only the allowed declarations of a style attribute; '' when none survive. */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const part of style.split(';')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const prop = part.slice(0, i).trim().toLowerCase();
    const value = part.slice(i + 1).trim().replace(/\s*!important$/i, '').toLowerCase();
    const rule = STYLE_RULES[prop];
    if (rule && value.length <= 64 && !/[\\()]/.test(value.replace(/^(rgba?|hsla?)\(/, '').replace(/\)$/, '')) && rule(value)) kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

/** Image sources: http(s), site-relative paths and inline raster images. */
const SAFE_IMG = /^(https?:\/\/|\/(?!\/)|\.{0,2}\/|data:image\/(png|jpe?g|gif|webp|bmp);base64,)/i;
/** Link targets: http(s), mailto, tel, site-relative and in-page anchors. */
const SAFE_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'option', 'link', 'meta', 'base', 'svg', 'math', 'template', 'audio', 'video', 'source', 'dialog'],
  FORBID_ATTR: ['id', 'name', 'srcset', 'formaction', 'background', 'poster', 'ping'],
  ALLOWED_URI_REGEXP: SAFE_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'style') {
      const kept = filterStyle(data.attrValue);
      if (kept) data.attrValue = kept;
      else data.keepAttr = false;
    } else if (data.attrName === 'class') {
      // Only the editor's own formatting classes (ql-align-center, ql-indent-1, ...); never the console's.
      const kept = data.attrValue.split(/\s+/).filter((c) => /^ql-[a-z0-9-]+$/.test(c)).join(' ');
      if (kept) data.attrValue = kept;
      else data.keepAttr = false;
    } else if (data.attrName === 'src' && node.nodeName === 'IMG' && !SAFE_IMG.test(data.attrValue.trim())) {
      data.keepAttr = false;
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    // An image without a text alternative is announced by its file name: mark it as decoration instead.
    if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });
}

/** The sanitized HTML string, safe to insert into the page. */
export function sanitizeHtml(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, CONFIG);
}
