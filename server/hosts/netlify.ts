import type { Manifest } from '../../contract/manifest.ts';
import { FILE_HEADERS } from '../core/outcome.ts';
import { fileRoutes, type FileRoute } from './file-routes.ts';

/**
 * Netlify's rules for a built folder, with no function: `_redirects` rewrites (status 200) the
 * requests a file answers as the router would (`file-routes.ts`) to that file, matching query
 * parameters as Netlify does, and `_headers` gives every file the router's headers. Netlify
 * cannot check a value's spelling, refuse a parameter no rule names, or tell a repeated one: the
 * rules serve the canonical URLs, and the rest needs the client (`server/client/`) or a function.
 */

/** A route as one line of `_redirects`: the path, the parameters it needs, the file. */
function redirect(route: FileRoute): string {
  const file = route.file.replace(/\{(\w+)\}/g, ':$1');
  switch (route.kind) {
    case 'root':
      return `${route.path} ${file} 200`;
    case 'collection': {
      const query = route.query
        .map((q) => ` ${q.param}=${q.kind === 'slot' ? `:${q.slot}` : q.value}`)
        .join('');
      return `${route.path}${query} ${file} 200`;
    }
    case 'record':
      return `${route.path}/:id${route.suffix} ${file} 200`;
    default:
      return route satisfies never;
  }
}

/** The two files Netlify reads from the root of the published folder. */
export interface NetlifyRules {
  _redirects: string;
  _headers: string;
}

/** Netlify's `_redirects` and `_headers` for the build of `manifest`. */
export function netlifyRules(manifest: Manifest): NetlifyRules {
  const lines = fileRoutes(manifest).map(redirect);
  const headers = Object.entries(FILE_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  return {
    _redirects:
      `# Written by \`npm run netlify\` from the build ${manifest.build}: the first rule whose\n` +
      '# path and parameters match sends the request to the file that answers it.\n' +
      `${lines.join('\n')}\n`,
    _headers:
      `# Written by \`npm run netlify\` from the build ${manifest.build}.\n` +
      `/*\n${headers.join('\n')}\n`,
  };
}
