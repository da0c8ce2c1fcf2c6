/**
 * Requests `paths` from `base` in a loop until stopped, counting the statuses of the answers: the
 * load kept on a server while a build is killed or published beside it.
 */
export function loadUntilStopped(
  base: string,
  paths: readonly string[],
): { statuses: Map<number, number>; stop: () => Promise<void> } {
  const statuses = new Map<number, number>();
  let serving = true;
  const loop = (async () => {
    while (serving) {
      for (const path of paths) {
        const res = await fetch(base + path);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }
  })();
  return {
    statuses,
    stop: async () => {
      serving = false;
      await loop;
    },
  };
}
