import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Puts every picture, video and file the items already hold into the media library: one INSERT … SELECT from their
 * columns, a row per storage key (ON CONFLICT DO NOTHING: what is in the library stays as it is, so running it again
 * adds only what is new). A picture is named after its item (pictures keep no file name), a file by its own name;
 * its date is its item's. Run once after the migrations and the demo seed (db/seed.ts, marker `media:adopted`).
 */
export async function adoptItemMedia(db: Tx): Promise<void> {
  await db.execute(sql`
    insert into media_assets (kind, name, key, stored, size, mime_type, width, height, created_at)
    select kind, left(name, 200), stored->>'key', stored, coalesce((stored->>'size')::bigint, 0), coalesce(stored->>'mimeType', ''),
      (stored->>'width')::int, (stored->>'height')::int, created_at
    from (
      select 'image' as kind, title as name, thumbnail as stored, created_at from videos where thumbnail is not null
      union all select 'video', coalesce(nullif(video->>'name', ''), title), video, created_at from videos
      union all select 'image', title, cover, created_at from galleries where cover is not null
      union all select 'image', g.title, p.image, p.created_at from photos p join galleries g on g.id = p.target_id where p.target = 'gallery'
      union all select 'image', title, cover, created_at from stories
      union all select 'image', title, image, created_at from posts where image is not null
      union all select 'image', name, i.value, created_at from products, jsonb_array_elements(images) as i(value)
      union all select 'file', coalesce(nullif(file->>'name', ''), name), file, created_at from products where file is not null
      union all select 'image', title, photo, created_at from banners
    ) found
    where coalesce(stored->>'key', '') <> ''
    on conflict (key) do nothing
  `);
}
