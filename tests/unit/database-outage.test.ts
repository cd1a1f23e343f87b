import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { DatabaseOutage, reasonOf } from '../../src/server/plugins/database-outage.ts';
import { loggedError } from '../../src/server/plugins/errors.ts';

const TOKEN_HASH = 'f'.repeat(64);

/** What a failed session lookup throws while PostgreSQL is away: Drizzle's error, its statement, parameters and cause. */
function lookupFailed(code = 'ECONNREFUSED') {
  const cause = Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
  return new DrizzleQueryError('select "user_id" from "sessions" where "token_hash" = $1', [TOKEN_HASH], cause);
}

function recorder() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { warn: at('warn'), info: at('info'), error: at('error') } as never };
}

describe('a lost database in the log', () => {
  it('is one line when it starts and one when it answers again, with how many requests failed meanwhile', async () => {
    const { lines, log } = recorder();
    let up = false;
    let probes = 0;
    const outage = new DatabaseOutage(
      log,
      async () => {
        probes++;
        if (!up) throw lookupFailed();
      },
      1,
    );
    for (let i = 0; i < 500; i++) outage.requestFailed(lookupFailed());
    outage.connectionDropped(lookupFailed('ECONNRESET'));
    expect(lines).toEqual([
      {
        level: 'warn',
        obj: { reason: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432' },
        msg: 'The database is unavailable: requests are answered 503 DATABASE_UNAVAILABLE until it answers again',
      },
    ]);
    await expect.poll(() => probes).toBeGreaterThan(2);
    expect(lines).toHaveLength(1);
    expect(outage.ongoing).toBe(true);

    up = true;
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[1]).toMatchObject({ level: 'warn', obj: { failedRequests: 500, droppedConnections: 1 } });
    expect(lines[1]!.msg).toMatch(/^The database answers again after [\d.]+ s: 500 requests were answered 503 meanwhile$/);
    expect(outage.ongoing).toBe(false);
    expect(JSON.stringify(lines)).not.toContain(TOKEN_HASH);

    // The next outage is told again, with its own count.
    up = false;
    outage.requestFailed(lookupFailed());
    expect(lines).toHaveLength(3);
    up = true;
    await expect.poll(() => lines.length).toBe(4);
    expect(lines[3]!.msg).toMatch(/: 1 request was answered 503 meanwhile$/);
    outage.stop();
  });

  it('probes no more once stopped', async () => {
    const { lines, log } = recorder();
    let probes = 0;
    const outage = new DatabaseOutage(log, async () => void probes++, 1);
    outage.stop();
    outage.requestFailed(lookupFailed());
    expect(lines).toEqual([]);
    expect(probes).toBe(0);
  });

  it("names the cause in the network's or PostgreSQL's words, never the statement", () => {
    expect(reasonOf(lookupFailed())).toBe('ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432');
    const aggregate = new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], '');
    expect(reasonOf(new DrizzleQueryError('select 1', [], aggregate))).toBe('ECONNREFUSED connect ECONNREFUSED ::1:5432');
    expect(reasonOf(undefined)).toBe('unknown');
  });
});

describe('an error in the log', () => {
  it("keeps a failed statement but never its parameters (a session token's hash)", () => {
    const logged = loggedError(lookupFailed()) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    expect(text).not.toContain(TOKEN_HASH);
    expect(text).not.toContain('params');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: select "user_id" from "sessions" where "token_hash" = $1',
      query: 'select "user_id" from "sessions" where "token_hash" = $1',
      cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
    expect(String(logged.stack)).toMatch(/^\w*Error: Failed query: select .*\$1\n {4}at /);
  });

  it('leaves other values as they are', () => {
    expect(loggedError('text')).toBe('text');
    expect(loggedError(new TypeError('boom'))).toMatchObject({ type: 'TypeError', message: 'boom' });
  });
});
