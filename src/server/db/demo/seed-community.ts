import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { videos } from '../schema.ts';
import { findUserByLogin } from '../../modules/users/users.repository.ts';
import { insertComment } from '../../modules/comments/comments.repository.ts';
import { insertEvent } from '../../modules/events/events.repository.ts';

const DAY = 86_400_000;

/** A few demo events (dated from today) and a short conversation under the first demo video. */
export async function seedCommunity(db: Db): Promise<void> {
  const [admin, member2] = await Promise.all([findUserByLogin(db, 'admin'), findUserByLogin(db, 'member2')]);
  if (!admin || !member2) return;
  const at = (days: number, hour: number) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY + hour * 3_600_000);
  await insertEvent(db, {
    title: 'Live colour-grading session',
    description: 'Watch how the desert series was graded, and bring your questions.',
    location: 'Online',
    startAt: at(7, 18),
    endAt: at(7, 19.5),
    createdBy: admin.id,
  });
  await insertEvent(db, {
    title: 'Photo walk: alpine ridges',
    description: 'A morning walk with the photographer of the alpine gallery. Good shoes recommended.',
    location: 'Innsbruck',
    startAt: at(21, 8),
    endAt: at(21, 12),
    createdBy: member2.id,
  });
  const [video] = await db.select({ id: videos.id }).from(videos).where(eq(videos.slug, 'desert-colour-drift'));
  if (!video) return;
  const first = await insertComment(db, {
    objectType: 'video',
    objectId: video.id,
    userId: member2.id,
    content: 'The colours at 0:02 are unreal. Is there a longer cut?',
  });
  await insertComment(db, {
    objectType: 'comment',
    objectId: first.id,
    userId: admin.id,
    content: 'Not yet: a longer version is on the way. More of the series: https://tessera.example/videos',
  });
}
