/** The type of the build's HTML pages. */
export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * The Content-Security-Policy sent with the build's HTML pages (the explorer at `/`, the API
 * reference at `/docs`). Scripts, styles, images and requests come from the build's own origin
 * only, so a page reads this API and nothing else; no other site may frame a page.
 */
export const PAGE_POLICY = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
