/** Netlify's own rule engine, compiled to WebAssembly: what `netlify dev` matches rules with. */
declare module 'netlify-redirector' {
  /** The request a rule is matched against: the path and the raw query, no leading `?`. */
  export interface RedirectRequest {
    scheme: string;
    host: string;
    path: string;
    query: string;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }
  /** The rule that matched, its target's placeholders filled. */
  export interface RedirectMatch {
    from: string;
    to: string;
    status: number;
    force: boolean;
  }
  export interface RedirectMatcher {
    match(request: RedirectRequest): RedirectMatch | null;
  }
  const redirector: { parsePlain(rules: string, options: object): Promise<RedirectMatcher> };
  export default redirector;
}
