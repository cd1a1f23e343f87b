/**
 * Re-renders parts of the current page without a reload: fetches the page again (the member's fresh render) and
 * swaps every `[data-region]` element for its new version. Scripts inside the new HTML (Astro's island directives)
 * are re-created so that they run, and islands inside hydrate as they connect.
 */
export async function refreshRegions(): Promise<boolean> {
  const res = await fetch(location.href, { headers: { accept: 'text/html' }, cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) return false;
  const fresh = new DOMParser().parseFromString(await res.text(), 'text/html');
  let swapped = false;
  for (const old of document.querySelectorAll<HTMLElement>('[data-region]')) {
    const next = fresh.querySelector<HTMLElement>(`[data-region="${CSS.escape(old.dataset.region!)}"]`);
    if (!next) continue;
    const imported = document.importNode(next, true);
    for (const script of imported.querySelectorAll('script')) {
      const live = document.createElement('script');
      for (const { name, value } of script.attributes) live.setAttribute(name, value);
      live.textContent = script.textContent;
      script.replaceWith(live);
    }
    old.replaceWith(imported);
    swapped = true;
  }
  return swapped;
}
