import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminSettingsSave } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';

/**
 * Maintenance mode, on or off at once in every process: while it is on, visitors and members get the maintenance page
 * (503) and admins see the site with a banner saying so.
 */
export default function MaintenanceSwitch({ on: rendered }: { on: boolean }) {
  const [on, setOn] = useState(rendered);
  const state = useStore($adminSettingsSave);
  const busy = state.status === 'loading';

  async function toggle() {
    const next = !on;
    if (next && !confirm('Turn maintenance mode on? Visitors and members will see the maintenance page until you turn it off.')) return;
    const result = await $adminSettingsSave.run({ maintenanceMode: next });
    if (!result.ok) return showToast(messageOf(result.error), 'error');
    setOn(Boolean(result.data.values.maintenanceMode));
    showToast(next ? 'Maintenance mode is on.' : 'Maintenance mode is off: the site is open again.', 'success');
  }

  return (
    <div className="admin-switch" data-testid="maintenance" data-on={on}>
      <p role="status" className={on ? 'admin-state admin-state-on' : 'admin-state'}>
        <strong>{on ? 'On.' : 'Off.'}</strong>{' '}
        {on ? 'Visitors and members see the maintenance page; admins see the site with a banner.' : 'Everybody sees the site.'}
      </p>
      <button
        type="button"
        className={on ? 'btn btn-primary' : 'btn btn-ghost'}
        disabled={busy}
        aria-busy={busy}
        onClick={toggle}
        data-testid="maintenance-toggle"
      >
        {on ? 'Turn maintenance off' : 'Turn maintenance on'}
      </button>
    </div>
  );
}
