import { Type } from 'typebox';
import { REPORT_TARGETS, VIOLATION_TYPES } from '../../contracts/community.ts';
import type { AdminItem, AdminResource, Choice } from '../resource.ts';

const STATUSES = { open: 'Open', reviewing: 'Reviewing', actioned: 'Actioned', dismissed: 'Dismissed' } as const;
const TARGETS: Record<(typeof REPORT_TARGETS)[number], string> = {
  video: 'Video',
  gallery: 'Gallery',
  story: 'Story',
  product: 'Product',
  post: 'Post',
  comment: 'Comment',
};
const TYPES = Object.fromEntries(VIOLATION_TYPES.map((t) => [t.key, t.text]));
const choices = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([value, label]) => ({ value, label }));
const pending = (item: AdminItem) => item.status === 'open' || item.status === 'reviewing';
/** A comment has a member as its author; an item is the site's own. */
const byMember = (item: AdminItem) => item.targetType === 'comment' && Boolean(item.author);

/**
 * The moderation queue: members' reports about items and comments, oldest waiting first. Read-only; what an operator
 * does is a verb: take it for review, dismiss it, hide or show the target, warn or ban the comment's author.
 */
export const reportsResource: AdminResource = {
  name: 'reports',
  label: 'Reports',
  singular: 'report',
  titleKey: 'title',
  body: Type.Object(
    {
      status: Type.Union(
        Object.keys(STATUSES).map((s) => Type.Literal(s)),
        { title: 'Status', 'x-labels': STATUSES },
      ),
      type: Type.Union(
        VIOLATION_TYPES.map((t) => Type.Literal(t.key)),
        { title: 'Reason', 'x-labels': TYPES },
      ),
      targetType: Type.Union(
        REPORT_TARGETS.map((t) => Type.Literal(t)),
        { title: 'Reported', 'x-labels': TARGETS },
      ),
      reporter: Type.String({ title: 'Reported by' }),
      targetHidden: Type.Boolean({ title: 'Hidden from the site' }),
      description: Type.String({ title: 'What the member wrote', maxLength: 2000, 'x-kind': 'textarea' }),
    },
    { additionalProperties: false },
  ),
  columns: [
    { key: 'title', label: 'Report' },
    { key: 'type', label: 'Reason', labels: TYPES },
    { key: 'status', label: 'Status', labels: STATUSES },
    { key: 'reporter', label: 'By' },
    { key: 'createdAt', label: 'Sent' },
  ],
  filters: [
    { key: 'status', label: 'Status', options: [...choices(STATUSES), { value: 'all', label: 'Any status' }], all: 'Open and reviewing' },
    { key: 'targetType', label: 'Reported', options: choices(TARGETS) },
    { key: 'type', label: 'Reason', options: choices(TYPES) },
  ],
  sorts: [
    { value: 'oldest', label: 'Waiting longest' },
    { value: 'newest', label: 'Newest' },
  ],
  operations: { create: false, update: false, delete: false },
  actions: [
    { name: 'review', label: 'Take for review', when: (item) => item.status === 'open' },
    { name: 'hide-item', label: 'Hide it from the site', when: (item) => item.targetHidden === false },
    { name: 'unhide-item', label: 'Show it again', when: (item) => item.targetHidden === true },
    {
      name: 'warn-member',
      label: 'Warn the author',
      body: Type.Object(
        {
          message: Type.String({
            title: 'Message to the author',
            description: 'Mailed to them as you write it.',
            minLength: 1,
            maxLength: 2000,
            'x-kind': 'textarea',
          }),
        },
        { additionalProperties: false },
      ),
      when: byMember,
    },
    {
      name: 'ban-member',
      label: 'Ban the author',
      body: Type.Object(
        { reason: Type.String({ title: 'Reason for the ban', description: 'Mailed to them; kept in the log.', minLength: 1, maxLength: 500 }) },
        { additionalProperties: false },
      ),
      confirm: 'Ban this member? They are logged out everywhere at once.',
      when: (item) => byMember(item) && (item.author as { status?: string } | null)?.status === 'active',
    },
    { name: 'dismiss', label: 'Dismiss', confirm: 'Dismiss this report? Nothing else changes.', when: pending },
  ],
  publicPath: (item) => (typeof item.targetPath === 'string' ? item.targetPath : null),
  panel: 'reported-item',
};
