import type { Db } from '../../db/client.ts';
import { EXPORT_BATCH } from '../../db/keyset.ts';
import { isValidKey, type Storage } from '../../lib/storage/storage.ts';
import type { users } from '../../db/schema.ts';
import { commentPictures, EXPORT_KINDS, memberRows, type ExportKind } from './data-export.repository.ts';
import { jsonLines, type ZipEntry } from './zip-file.ts';

type Member = typeof users.$inferSelect;

/** What each file of the archive holds, for the README the archive opens with. */
const FILES: Record<ExportKind, string> = {
  comments: 'your comments (text, the item they are on, their picture if any)',
  reactions: 'what you liked',
  lists: 'your favourites and watch-later lists (`list`: favourite or watch_later)',
  purchases: 'what you hold: bought with tokens or at checkout, or granted',
  orders: 'your orders, with their delivery address',
  ledger: 'your token history: every change of your balance and the balance after it',
  payments: 'your payments for tokens',
  reports: 'the reports you filed',
};

const readme = (member: Member) =>
  [
    `A copy of the data of ${member.username}, written ${new Date().toISOString()}.`,
    '',
    'profile.json: your profile.',
    ...EXPORT_KINDS.map((kind) => `${kind}.jsonl: ${FILES[kind]}; one JSON object a line, oldest first.`),
    'pictures/: your avatar, your cover and the pictures of your comments (named by the comment).',
    '',
  ].join('\n');

/** A stored public picture's key from its URL (`/media/<key>`), or null (a placeholder, or a link elsewhere). */
const keyOf = (url: string | null | undefined): string | null => {
  const key = url?.startsWith('/media/') ? url.slice('/media/'.length) : null;
  return key && isValidKey(key) ? key : null;
};
const extOf = (key: string) => key.slice(key.lastIndexOf('.'));

/**
 * The archive's files, one at a time as the zip asks for them: the profile, one JSON Lines file per kind of row (read
 * a batch at a time), then each picture streamed from storage. A picture whose file has gone is left out.
 */
export async function* exportEntries(o: { db: Db; storage: Storage }, member: Member): AsyncGenerator<ZipEntry> {
  yield { name: 'README.txt', body: Buffer.from(readme(member)) };
  const profile = {
    id: member.id,
    username: member.username,
    name: member.name,
    email: member.email,
    verifiedEmail: member.verifiedEmail,
    bio: member.bio,
    country: member.country,
    language: member.language,
    phone: member.phone,
    gender: member.gender,
    avatar: member.avatar,
    cover: member.cover,
    balance: member.balance,
    roles: member.roles,
    createdAt: member.createdAt,
    updatedAt: member.updatedAt,
  };
  yield { name: 'profile.json', body: Buffer.from(`${JSON.stringify(profile, null, 2)}\n`) };
  for (const kind of EXPORT_KINDS) yield { name: `${kind}.jsonl`, body: jsonLines(memberRows(o.db, kind, member.id, EXPORT_BATCH)) };
  const picture = async (key: string | null, name: string): Promise<ZipEntry | null> =>
    key && (await o.storage.stat(key)) ? { name: `pictures/${name}${extOf(key)}`, body: await o.storage.read(key) } : null;
  for (const [kind, url] of [
    ['avatar', member.avatar],
    ['cover', member.cover],
  ] as const) {
    const entry = await picture(keyOf(url), kind);
    if (entry) yield entry;
  }
  for await (const rows of commentPictures(o.db, member.id, EXPORT_BATCH))
    for (const row of rows) {
      const entry = await picture(keyOf(row.url), `comments/${row.id}`);
      if (entry) yield entry;
    }
}
