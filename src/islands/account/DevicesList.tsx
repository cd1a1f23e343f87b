import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { SessionView } from '../../shared/contracts/auth.ts';
import { $endedSessions, $endOthers, $endSession } from '../../stores/security.ts';

const KIND = { desktop: 'Computer', phone: 'Phone', tablet: 'Tablet', other: 'Device' } as const;
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the member is logged in (/account/security): each session's device and browser, rough place and last use, this
 * one marked; log out any other one, or all the others at once. An ended session's live connection closes at once.
 */
export default function DevicesList({ initial }: { initial: SessionView[] }) {
  const ended = useStore($endedSessions);
  const endOne = useStore($endSession);
  const endAll = useStore($endOthers);
  const list = initial.filter((s) => !ended.includes(s._id));
  const others = list.filter((s) => !s.current).map((s) => s._id);
  const failed = endOne.status === 'error' ? endOne.error : endAll.status === 'error' ? endAll.error : null;
  return (
    <div data-testid="devices">
      {failed && (
        <div className="alert alert-error" role="alert">
          {messageOf(failed)}
        </div>
      )}
      {endAll.status === 'ok' && (
        <div className="alert alert-success" role="status">
          {endAll.data.ended === 1 ? '1 other session was logged out.' : `${endAll.data.ended} other sessions were logged out.`}
        </div>
      )}
      <ul className="device-list">
        {list.map((s) => (
          <li key={s._id} className="device" data-testid="device">
            <div>
              <strong>{s.device}</strong>
              {s.current && <span className="chip chip-accent">This device</span>}
              <div className="muted">
                {KIND[s.kind]} · {s.place ?? 'Place unknown'} · last used <time dateTime={s.lastSeenAt}>{when.format(new Date(s.lastSeenAt))}</time>
              </div>
            </div>
            {!s.current && (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={endOne.status === 'loading'}
                onClick={() => void $endSession.run(s._id)}
                aria-label={`Log out ${s.device}`}
              >
                Log out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <button
          type="button"
          className="btn"
          disabled={endAll.status === 'loading'}
          aria-busy={endAll.status === 'loading'}
          onClick={() => void $endOthers.run(others)}
          data-testid="end-other-sessions"
        >
          Log out all other sessions
        </button>
      ) : (
        <p className="muted">You are logged in on this device only.</p>
      )}
    </div>
  );
}
