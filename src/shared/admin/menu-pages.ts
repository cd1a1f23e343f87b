import { CATALOGUE_ROUTES, CONTACT_ROUTE, EVENTS_ROUTE, HOME_ROUTE, TOKENS_ROUTE } from '../routes.ts';

/** A page a menu link can point at, offered by the menu editor's page picker (grouped by `group`). */
export interface MenuPage {
  title: string;
  path: string;
  group: string;
}

/** The site's own sections, first in the picker. */
export const SECTION_PAGES: MenuPage[] = [
  { title: 'Home', path: HOME_ROUTE, group: 'Sections' },
  { title: 'Videos', path: CATALOGUE_ROUTES.video, group: 'Sections' },
  { title: 'Galleries', path: CATALOGUE_ROUTES.gallery, group: 'Sections' },
  { title: 'Stories', path: CATALOGUE_ROUTES.story, group: 'Sections' },
  { title: 'Posts', path: CATALOGUE_ROUTES.post, group: 'Sections' },
  { title: 'Store', path: CATALOGUE_ROUTES.product, group: 'Sections' },
  { title: 'Tokens', path: TOKENS_ROUTE, group: 'Sections' },
  { title: 'Events', path: EVENTS_ROUTE, group: 'Sections' },
  { title: 'Contact', path: CONTACT_ROUTE, group: 'Sections' },
];
