import type { RowOf } from '../tables.ts';

/** A provider of data, as every answer credits it (`provider` table). */
export type Provider = RowOf<'provider'>;

/** The parts of `datapackage.json` the providers come from. */
export interface PackageCredits {
  readonly name?: string;
  readonly title?: string;
  readonly homepage?: string;
  readonly image?: string;
  readonly licenses?: readonly { name?: string; path?: string; title?: string }[];
  readonly sources?: readonly PackageSource[];
}

/**
 * A source of the package. One with a `key` is a provider of its own (an export of several
 * sources writes one each): rows name it in their `source` column.
 */
export interface PackageSource {
  readonly title?: string;
  readonly path?: string;
  readonly key?: string;
  readonly url?: string;
  readonly html?: string;
  readonly logo?: string;
  readonly license?: string;
}

/** The providers of a package, and the one a row with no `source` belongs to. */
export type Credits =
  | { readonly ok: true; readonly providers: readonly Provider[]; readonly own: string }
  | { readonly ok: false; readonly column: string; readonly expected: string };

/** `text` with the characters HTML gives a meaning to escaped. */
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A link to `url` named `name`, or the name alone. */
const link = (name: string, url: string) =>
  url === '' ? escapeHtml(name) : `<a href="${escapeHtml(url)}">${escapeHtml(name)}</a>`;

/**
 * The providers a package's `licenses` and `sources` make. Sources with a `key` are providers
 * each (with their own `license`); otherwise the package is one provider, keyed by its `name`:
 * its title, its first web source or homepage, and its licences. A package without a licence is
 * refused: an answer must say under what terms its data may be used.
 */
export function packageCredits(descriptor: PackageCredits): Credits {
  const licenses = descriptor.licenses ?? [];
  if (licenses.length === 0)
    return { ok: false, column: 'licenses', expected: 'a licence for the data (`licenses`)' };
  const keyed = (descriptor.sources ?? []).filter((s) => s.key !== undefined);
  if (keyed.length > 0) {
    const bad = keyed.find((s) => !s.title || s.license === undefined);
    if (bad)
      return { ok: false, column: 'sources', expected: `a title and a license for ${bad.key}` };
    const providers = keyed.map((s): Provider => ({
      key: s.key!,
      name: s.title!,
      url: s.url ?? s.path ?? '',
      html: s.html ?? link(s.title!, s.url ?? s.path ?? ''),
      logo: s.logo ?? '',
      license: s.license!,
    }));
    return { ok: true, providers, own: keyed[0]!.key! };
  }
  const name = descriptor.title ?? descriptor.name!;
  const web = (descriptor.sources ?? []).find((s) => /^https?:\/\//.test(s.path ?? ''));
  const url = web?.path ?? descriptor.homepage ?? '';
  const license = licenses.map((l) => l.title ?? l.name ?? l.path).join('; ');
  const own: Provider = {
    key: descriptor.name!,
    name,
    url,
    html: link(name, url),
    logo: descriptor.image ?? '',
    license,
  };
  return { ok: true, providers: [own], own: own.key };
}

/** The `licenses` and `sources` of an export: each provider a source with its key. */
export function exportCredits(
  providers: readonly Provider[],
): Required<Pick<PackageCredits, 'licenses' | 'sources'>> {
  const licenses = [...new Set(providers.map((p) => p.license))].map((title) => ({
    // An Open Definition identifier has no spaces: "CC BY 4.0" is CC-BY-4.0.
    name: title.replace(/[^-a-zA-Z0-9._]+/g, '-'),
    title,
  }));
  const sources = providers.map((p) => ({
    title: p.name,
    ...(/^https?:\/\//.test(p.url) ? { path: p.url } : {}),
    key: p.key,
    url: p.url,
    html: p.html,
    logo: p.logo,
    license: p.license,
  }));
  return { licenses, sources };
}
