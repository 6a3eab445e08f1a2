/**
 * A report that holds HR and candidate exchanges must not contact anyone when opened. Allure 3's
 * single-file report always embeds Google Analytics (`analyticsEnable: true` is hard-coded in
 * @allurereport/plugin-awesome, allure3 issue 476): this removes the loader script and its inline
 * `gtag` call from the built HTML.
 */
const LOADER = /<script\b[^>]*\bsrc="https:\/\/www\.googletagmanager\.com\/[^"]*"[^>]*>\s*<\/script>/g;
const INLINE = /<script>\s*window\.dataLayer = window\.dataLayer \|\| \[\];[\s\S]*?<\/script>/g;

export function withoutAnalytics(html: string): string {
  return html.replace(LOADER, '').replace(INLINE, '');
}

/** External script or stylesheet URLs left in a page (none may remain). */
export function externalUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)="(https?:\/\/[^"]+)"/g)].map((m) => m[1] ?? '');
}
