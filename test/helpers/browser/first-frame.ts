/**
 * A script for a new document that marks its root with the time of the first frame after
 * `condition` (a JavaScript expression) holds, on the page's own clock (milliseconds from the start
 * of navigating): `<html data-shown="…">`. Given to the page as a string, it runs as written,
 * with nothing of the test's compiler in it.
 */
export function firstFrameScript(condition: string): string {
  return `
  const observer = new MutationObserver(() => {
    if (!(${condition})) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      document.documentElement.setAttribute('data-shown', String(performance.now())),
    );
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
`;
}
