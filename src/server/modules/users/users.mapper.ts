import { DEFAULT_AVATAR, type CurrentUser, type PublicUser } from '../../../shared/contracts/users.ts';
import type { UserRow } from './users.repository.ts';

export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    _id: u.id,
    name: u.name,
    username: u.username,
    email: u.email,
    avatar: u.avatar || DEFAULT_AVATAR,
    cover: u.cover,
    balance: u.balance,
    roles: u.roles as CurrentUser['roles'],
    verifiedEmail: u.verifiedEmail,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
    bio: u.bio,
    country: u.country,
    language: u.language,
    phone: u.phone,
    gender: u.gender,
  };
}

export function toPublicUser(u: UserRow): PublicUser {
  return { _id: u.id, name: u.name, username: u.username, avatar: u.avatar || DEFAULT_AVATAR, cover: u.cover };
}
