import type { ClientDirective } from 'astro';

/**
 * `client:member`: the island wakes at once for a logged-in member (`data-session="member"`, set before the first
 * paint by the theme script), and never for a visitor, who downloads none of its code. It is for the member's own part
 * of a page shared by visitors and members (the page is rendered without the member; the island reads their part).
 */
const member: ClientDirective = (load) => {
  if (document.documentElement.dataset.session !== 'member') return;
  void load().then((hydrate) => hydrate());
};

export default member;
