import type { AdminResource } from '../../shared/admin/resource.ts';

interface Props {
  resource: AdminResource;
  current: 'list' | 'trash';
  /** How many items the trash holds. */
  count: number;
}

/** A resource's list and its trash, side by side as two tabs: "Stories · Trash (2)". */
export default function TrashTabs({ resource, current, count }: Props) {
  return (
    <nav className="admin-tabs" aria-label={`${resource.label} and their trash`}>
      <a href={`/admin/${resource.name}`} aria-current={current === 'list' ? 'page' : undefined}>
        {resource.label}
      </a>
      <a href={`/admin/${resource.name}/trash`} aria-current={current === 'trash' ? 'page' : undefined} data-testid="trash-link">
        Trash ({count})
      </a>
    </nav>
  );
}
