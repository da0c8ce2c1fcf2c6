import { createHash } from 'node:crypto';

/**
 * The namespace of every v1 uuid this project derives. Changing it would change every id, so never
 * do.
 */
const NAMESPACE = 'c4f1f7b2a9d34f0e8e0b5d6a7c3e1f20';

/**
 * A deterministic v1 identifier: 32 lowercase hex digits derived UUIDv5-style (SHA-1 of namespace
 * and name, version and variant bits set) from the source and the source's own key. The same
 * (source, kind, key) always gives the same id, whatever the import order, so ids survive rebuilds.
 *
 * @param source provider key, for example `demo` or `fjelstul`
 * @param kind entity kind, for example `person` or `match`
 * @param key the source's own key of the entity (any stable string)
 */
export function uuidFor(source: string, kind: string, key: string | number): string {
  const hash = createHash('sha1')
    .update(NAMESPACE)
    .update('\0')
    .update(`${source}\0${kind}\0${key}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  return hash.subarray(0, 16).toString('hex');
}
