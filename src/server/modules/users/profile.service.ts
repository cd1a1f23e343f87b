import { parsePhoneNumberWithError } from 'libphonenumber-js';
import type { Db } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { reencodeImage } from '../../lib/media/images.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { PUBLIC_MEDIA_PREFIX, publicMediaKey, publicMediaUrl } from '../../lib/media/public-media.ts';
import { isCountryCode, isGender, isLanguageCode } from '../reference/reference-lists.ts';
import { toCurrentUser, toPublicUser } from './users.mapper.ts';
import { findActiveMember, searchMembers, updateUser, type UserRow } from './users.repository.ts';
import { isUsername, takenError } from './users.service.ts';
import type { ProfileUpdateBody } from '../../../shared/contracts/users.ts';
import { USERNAME_POLICY } from '../../../shared/contracts/accounts.ts';

/** The picture kinds a member uploads: square avatar, wide cover. */
const PICTURES = {
  avatar: { column: 'avatar', width: 256, height: 256 },
  cover: { column: 'cover', width: 1600, height: 400 },
} as const;
export type PictureKind = keyof typeof PICTURES;
/** Profiles: the member's own changes and pictures, and the public lookups. */
export class ProfileService {
  private readonly db: Db;
  private readonly storage: Storage;
  constructor(db: Db, storage: Storage) {
    this.db = db;
    this.storage = storage;
  }

  async update(user: UserRow, body: ProfileUpdateBody) {
    const set: Partial<UserRow> = {};
    const problems: Record<string, string> = {};
    if (body.name !== undefined) {
      if (!body.name.trim()) problems.name = 'Name is required.';
      set.name = body.name.trim();
    }
    if (body.username !== undefined) {
      set.username = body.username.trim().toLowerCase();
      if (!isUsername(set.username)) problems.username = USERNAME_POLICY;
    }
    if (body.bio !== undefined) set.bio = body.bio.trim();
    if (body.cover === null) set.cover = null;
    if (body.country !== undefined) {
      if (body.country !== null && !isCountryCode(body.country.toUpperCase())) problems.country = 'Country must be one of /countries/list.';
      set.country = body.country?.toUpperCase() ?? null;
    }
    if (body.language !== undefined) {
      if (body.language !== null && !isLanguageCode(body.language.toLowerCase())) problems.language = 'Language must be one of /languages/list.';
      set.language = body.language?.toLowerCase() ?? null;
    }
    if (body.gender !== undefined) {
      if (body.gender !== null && !isGender(body.gender)) problems.gender = 'Gender must be one of /user-additional.';
      set.gender = body.gender;
    }
    if (body.phone !== undefined) set.phone = body.phone?.trim() ? normalisePhone(body.phone, set.country ?? user.country, problems) : null;
    if (Object.keys(problems).length) throw invalid(problems);
    try {
      const updated = await updateUser(this.db, user.id, set);
      if (body.cover === null && user.cover) await this.removeFile(user.cover);
      return toCurrentUser(updated!);
    } catch (err) {
      throw takenError(err, user.email, set.username ?? user.username);
    }
  }

  /** Stores a new avatar or cover (re-encoded), points the member at it, then removes the old file. */
  async storePicture(user: UserRow, kind: PictureKind, input: Buffer) {
    const spec = PICTURES[kind];
    const image = await reencodeImage(input, spec.width, spec.height);
    const key = publicMediaKey(`${kind}s`, 'webp');
    await this.storage.put(key, image.data, 'image/webp');
    const updated = await updateUser(this.db, user.id, { [spec.column]: publicMediaUrl(key) });
    const old = user[spec.column];
    if (old) await this.removeFile(old);
    return toCurrentUser(updated!);
  }

  /** Whose picture `/users/{id}/avatar/upload` changes: the member's own, or (admins only) another active member's. */
  async pictureTarget(user: UserRow, id: string): Promise<UserRow> {
    if (id === user.id) return user;
    if (!user.roles.includes('admin')) throw forbidden('Only admins can change another member’s picture.');
    const other = await findActiveMember(this.db, id);
    if (!other) throw notFound('No such member.');
    return other;
  }

  private async removeFile(url: string): Promise<void> {
    const prefix = `/media/${PUBLIC_MEDIA_PREFIX}`;
    if (url.startsWith(prefix)) await this.storage.delete(url.slice('/media/'.length)).catch(() => {});
  }

  async view(idOrUsername: string) {
    const user = await findActiveMember(this.db, idOrUsername);
    if (!user) throw notFound('No such member.');
    return toPublicUser(user);
  }

  async search(q: string | undefined, limit: number, offset: number) {
    const { rows, ...total } = await searchMembers(this.db, q?.trim() || undefined, limit, offset);
    return { data: rows.map(toPublicUser), ...total };
  }
}

function normalisePhone(raw: string, country: string | null, problems: Record<string, string>): string | null {
  try {
    const phone = parsePhoneNumberWithError(raw, (country ?? undefined) as never);
    if (phone.isValid()) return phone.number;
  } catch {
    // reported below
  }
  problems.phone = 'Phone must be a valid number, with its country code (e.g. +44 20 7946 0958).';
  return null;
}
