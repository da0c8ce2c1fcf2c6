import { apiFetch } from './api-fetch.ts';

/** The build's own files the page has asked for (the explorer's indexes), by path. */
const read = new Map<string, Promise<unknown>>();

/**
 * A JSON file the build writes for the explorer (`/explorer/...`), read once per page load; a
 * failed read is not remembered, so the next caller tries again.
 */
export function buildFile<T>(path: string): Promise<T> {
  let file = read.get(path);
  if (!file) {
    file = apiFetch(path).then((response) => {
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    file.catch(() => read.delete(path));
    read.set(path, file);
  }
  return file as Promise<T>;
}
