import type { NewCategory } from '../modules/categories/categories.repository.ts';

/** The demo categories, a few per group, so that the first pages have something to show. */
export const DEMO_CATEGORIES: NewCategory[] = [
  ['video', 'Travel', 'travel', 'Journeys, cities and coastlines.'],
  ['video', 'Nature', 'nature', 'Forests, mountains and wildlife.'],
  ['video', 'Workshops', 'workshops', 'Learn a craft, step by step.'],
  ['gallery', 'Landscapes', 'landscapes', 'Wide views in every season.'],
  ['gallery', 'Portraits', 'portraits', 'Faces and stories.'],
  ['gallery', 'Architecture', 'architecture', 'Lines, light and buildings.'],
  ['story', 'Essays', 'essays', 'Long reads and reflections.'],
  ['story', 'Fiction', 'fiction', 'Short stories.'],
  ['story', 'Behind the scenes', 'behind-the-scenes', 'How the work gets made.'],
  ['product', 'Prints', 'prints', 'Photo prints, shipped to your door.'],
  ['product', 'Presets', 'presets', 'Digital editing presets, downloaded at once.'],
  ['product', 'Merchandise', 'merchandise', 'Things to wear and use.'],
  ['post', 'News', 'news', 'What is new on the site.'],
  ['post', 'Guides', 'guides', 'How to get the most out of it.'],
].map(([group, name, slug, description], ordering) => ({
  group: group as NewCategory['group'],
  name: name!,
  slug: slug!,
  description: description!,
  ordering,
}));
