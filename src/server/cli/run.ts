/** Operator CLI (cli/index.ts runs it): `npm run cli -- <command>`, with the server's own configuration (DATA_DIR, DATABASE_URL). */
import { parseArgs } from 'node:util';
import { ConfigError, getConfig, type Config } from '../config.ts';
import { DataDirBusyError, DatabaseUnreachableError, openConfiguredDatabase, type Database } from '../db/client.ts';
import { prepareDatabase, seedDemo } from '../db/seed.ts';
import { demoLoginsFile, formatLogins } from '../db/demo-logins.ts';
import { AppError } from '../errors.ts';
import { GeoIp } from '../lib/runtime/geoip.ts';
import { CountryBlockService } from '../modules/country-block/country-block.service.ts';
import { SettingsService } from '../modules/settings/settings.service.ts';
import { announceSiteChange, type SiteChange } from '../lib/runtime/site-changes.ts';
import { createUser } from '../modules/users/users.service.ts';
import { LedgerService } from '../modules/ledger/ledger.service.ts';
import { isUuid } from '../modules/catalogue/query.ts';
import { insertPackages, listAllPackages, setPackageActive } from '../modules/payments/payments.repository.ts';
import { packagesFollowCurrency } from '../modules/payments/site-currency.ts';
import { formatMoney, toMajor, toMinor } from '../../shared/money.ts';
import type { ContentChanges } from '../modules/content/content-writes.ts';

const HELP = `Tessera operator CLI — npm run cli -- <command> [options]

Commands
  migrate                               apply pending database migrations
  seed                                  add the demo accounts and content (once per database)
  user create --email E --password P --name N [--username U] [--role member|admin] [--tokens N]
                                        create an account; --tokens is an opening balance (a ledger credit)
  settings set <key> <value>            set a known setting; JSON values are parsed, links must be site paths or
                                        http(s) URLs (adminEmail, recaptchaSecret and recaptchaVerifyUrl stay private)
                                        (e.g. settings set maintenanceMode true, settings set siteName Tessera)
  settings list                         print the public settings
  country block <CC>                    block visitors from a country (ISO 3166-1 alpha-2, e.g. DE)
  country unblock <CC>                  lift a block
  country list                          print the blocked countries
  ledger check                          recompute every balance from the ledger; exit 1 on any difference
  tokens adjust --email E --amount N --reason R
                                        add (or with a negative N, take back) tokens: a ledger entry with its reason
  packages list                         print the token packages
  packages add --name N --tokens T --price P [--currency C] [--description D] [--ordering O]
                                        add a token package (P in major units, e.g. 4.99; C: the site's currency)
  packages enable|disable <id>          show or hide a package on /tokens
  content publish|unpublish <kind> <id or address>
                                        put an item on the site now, or take it off (a draft again); <kind> is
                                        videos, galleries, stories, posts or products; in the audit log as the CLI

Uses DATA_DIR (PGlite, default ./data) or DATABASE_URL (PostgreSQL), like the server.
With PGlite, only one process can open the data folder: stop the server first.`;

/** A command: it checks its arguments first and opens the database (`open`) only when they are right, so a usage
 * error answers at once, without starting PGlite. */
type Command = (open: () => Promise<Database>, config: Config, args: string[]) => Promise<string>;

const commands: Record<string, Command> = {
  migrate: async (open) => {
    await (await open()).migrate();
    return 'Migrations applied.';
  },
  seed: async (open, config) => {
    const database = await open();
    await prepareDatabase(database, { ...config, seed: 'none' });
    const { seeded, logins } = await seedDemo(database, config);
    if (!seeded) return 'This database already has its demo seed; nothing to do.';
    return [
      'Demo content seeded. Demo logins (shown once, kept in ' + demoLoginsFile(config.dataDir) + '):',
      ...formatLogins(logins ?? []).map((l) => `  ${l}`),
    ].join('\n');
  },
  'user create': async (open, config, args) => {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        username: { type: 'string' },
        role: { type: 'string' },
        tokens: { type: 'string' },
      },
    });
    if (!values.email || !values.password || !values.name) throw new UsageError('user create needs --email, --password and --name');
    if (values.role && values.role !== 'member' && values.role !== 'admin') throw new UsageError('--role must be member or admin');
    const tokens = values.tokens === undefined ? undefined : Number(values.tokens);
    const user = await createUser(
      (await open()).db,
      {
        email: values.email,
        password: values.password,
        name: values.name,
        username: values.username,
        role: values.role as 'member' | 'admin' | undefined,
        tokens,
      },
      config.passwordCost,
    );
    return `Created ${user.roles.includes('admin') ? 'admin' : 'member'} ${user.username} <${user.email}> (id ${user.id}) with ${user.balance} tokens.`;
  },
  'settings set': async (open, config, args) => {
    const [key, ...rest] = args;
    if (!key || rest.length === 0) throw new UsageError('settings set needs <key> <value>');
    const value = await new SettingsService((await open()).db).set(key, rest.join(' '), packagesFollowCurrency(null));
    return `${key} = ${JSON.stringify(value)}${await announce(config, 'settings')}`;
  },
  'settings list': async (open) => JSON.stringify(await new SettingsService((await open()).db).getPublic(), null, 2),
  'country block': async (open, config, [code]) => {
    if (!code) throw new UsageError('country block needs a country code, e.g. DE');
    const service = await countryService(await open(), config);
    await service.block(code);
    return `Blocked: ${(await service.list()).join(', ')}${await announce(config, 'countries')}`;
  },
  'country unblock': async (open, config, [code]) => {
    if (!code) throw new UsageError('country unblock needs a country code, e.g. DE');
    const service = await countryService(await open(), config);
    const removed = await service.unblock(code);
    const left = await service.list();
    return `${removed ? `Unblocked ${code.toUpperCase()}` : `${code.toUpperCase()} was not blocked`}. Blocked now: ${left.length ? left.join(', ') : 'none'}${await announce(config, 'countries')}`;
  },
  'country list': async (open, config) => {
    const list = await (await countryService(await open(), config)).list();
    return list.length ? list.join('\n') : 'No country is blocked.';
  },
  'ledger check': async (open) => {
    const problems = await ledgerService(await open()).check();
    if (!problems.length) return 'Ledger clean: every balance equals the sum of its entries; every spend and payment is booked.';
    throw new LedgerMismatch(`Ledger check found ${problems.length} problem(s):\n${problems.map((p) => `  [${p.kind}] ${p.detail}`).join('\n')}`);
  },
  'tokens adjust': adjustTokens,
  /** The command's earlier name, kept for operators' scripts. */
  'tokens grant': adjustTokens,
  'packages list': async (open) => {
    const rows = await listAllPackages((await open()).db);
    if (!rows.length) return 'No token packages.';
    return rows
      .map(
        (p) =>
          `${p.id}  ${p.isActive ? 'active  ' : 'disabled'}  ${p.tokens} tokens  ${formatMoney(toMajor(p.priceMinor, p.currency), p.currency, 'en')}  ${p.name}`,
      )
      .join('\n');
  },
  'packages add': async (open, _config, args) => {
    const { values } = parseArgs({
      args,
      options: {
        name: { type: 'string' },
        tokens: { type: 'string' },
        price: { type: 'string' },
        currency: { type: 'string' },
        description: { type: 'string' },
        ordering: { type: 'string' },
      },
    });
    const tokens = Number(values.tokens);
    const price = Number(values.price);
    const { db } = await open();
    // No --currency: the site's (a package in it follows when the site's changes).
    const currency = (values.currency ?? String((await new SettingsService(db).get<string>('currency')) || 'USD')).toUpperCase();
    if (!values.name || !Number.isInteger(tokens) || tokens <= 0 || !(price > 0))
      throw new UsageError('packages add needs --name, --tokens (a whole number > 0) and --price (> 0)');
    if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError('--currency must be an ISO 4217 code such as USD or EUR');
    await insertPackages(db, [
      {
        name: values.name,
        tokens,
        priceMinor: toMinor(price, currency),
        currency,
        description: values.description ?? '',
        ordering: Number(values.ordering ?? 0) || 0,
      },
    ]);
    return `Added ${values.name}: ${tokens} tokens for ${formatMoney(price, currency, 'en')}.`;
  },
  'content publish': (open, config, args) => setContentStatus(open, config, args, 'publish'),
  'content unpublish': (open, config, args) => setContentStatus(open, config, args, 'unpublish'),
  'packages enable': async (open, _config, [id]) => togglePackage(open, id, true),
  'packages disable': async (open, _config, [id]) => togglePackage(open, id, false),
};

class UsageError extends Error {}
/** `ledger check` found differences: exit code 1 with the list. */
class LedgerMismatch extends Error {}

const ledgerService = (database: Database) => new LedgerService(database.db, () => {});

/** `--amount -5`: a negative number after the option is its value (parseArgs would take it for an option of its own). */
const negativeValue = (args: string[], option: string) =>
  args.flatMap((arg, i) => (arg === option && /^-\d/.test(args[i + 1] ?? '') ? [] : args[i - 1] === option && /^-\d/.test(arg) ? [`${option}=${arg}`] : [arg]));

/** `tokens adjust`: an operator's adjustment of a member's balance (one ledger entry with the reason). */
async function adjustTokens(open: () => Promise<Database>, _config: Config, args: string[]): Promise<string> {
  const { values } = parseArgs({
    args: negativeValue(args, '--amount'),
    options: { email: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } },
  });
  if (!values.email || !values.amount || !values.reason) throw new UsageError('tokens adjust needs --email, --amount and --reason');
  const amount = Number(values.amount);
  const { balance } = await ledgerService(await open()).adjustByLogin(values.email, amount, values.reason);
  return `${amount > 0 ? 'Added' : 'Took back'} ${Math.abs(amount)} tokens (${values.reason}); balance now ${balance}.`;
}

async function togglePackage(open: () => Promise<Database>, id: string | undefined, active: boolean): Promise<string> {
  if (!id || !isUuid(id)) throw new UsageError(`packages ${active ? 'enable' : 'disable'} needs a package id (see packages list)`);
  if (!(await setPackageActive((await open()).db, id, active))) throw new UsageError(`No package ${id}`);
  return `Package ${id} ${active ? 'enabled' : 'disabled'}.`;
}

/** How the audit log names a change made with the CLI. */
const CLI_WRITER = { id: null, name: 'operator (CLI)' };

/**
 * `content publish|unpublish`: the content module's own write, as the back office's (audited in its transaction, the
 * running servers told after it: through Redis, or within their caches' 5 s).
 */
async function setContentStatus(open: () => Promise<Database>, config: Config, args: string[], verb: 'publish' | 'unpublish'): Promise<string> {
  const [kind, ref] = args;
  const kinds = ['videos', 'galleries', 'stories', 'posts', 'products'] as const;
  if (!kind || !ref || !kinds.includes(kind as (typeof kinds)[number]))
    throw new UsageError(`content ${verb} needs a kind (${kinds.join(', ')}) and an item's id or address`);
  // Loaded here: the other commands start without the media code (sharp).
  const [{ contentModules }, { AdminUploads }, { createStorage }, { MediaSigner }, { resolveAppSecret }] = await Promise.all([
    import('../content-modules.ts'),
    import('../modules/media-library/uploads.ts'),
    import('../lib/storage/create-storage.ts'),
    import('../lib/media/signed-url.ts'),
    import('../db/app-secret.ts'),
  ]);
  const database = await open();
  let told = '';
  const changes: ContentChanges = {
    saved: async () => {
      told = await announce(config, 'content');
    },
  };
  const uploads = new AdminUploads(await createStorage(config.storage), new MediaSigner(await resolveAppSecret(database.db, config.appSecret)), database.db);
  const writes = contentModules({ db: database.db, changes }, uploads, () => {
    throw new Error('The CLI does not run the media pipeline.');
  })[kind as (typeof kinds)[number]];
  const item = await writes[verb](await writes.idOf(ref), CLI_WRITER);
  return `${verb === 'publish' ? 'Published' : 'Unpublished'} '${String(item.title ?? item.name)}': ${String(item.state)}.${told}`;
}

/** With REDIS_URL, running servers are told at once (else they see the change within 5 s); the line says which. */
async function announce(config: Config, change: SiteChange): Promise<string> {
  if (!config.redisUrl) return '';
  return (await announceSiteChange(config.redisUrl, change))
    ? '\nRunning servers were told through Redis.'
    : '\nRedis could not be reached: running servers see the change within 5 seconds.';
}

async function countryService(database: Database, config: Config) {
  return new CountryBlockService(database.db, await GeoIp.open(), config.trustedCountryHeader);
}

export async function runCli(argv: string[], env = process.env): Promise<{ code: number; output: string }> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') return { code: argv.length ? 0 : 2, output: HELP };
  const two = `${argv[0]} ${argv[1] ?? ''}`;
  const [name, args] = commands[two] ? [two, argv.slice(2)] : commands[argv[0]!] ? [argv[0]!, argv.slice(1)] : [null, []];
  if (!name) return { code: 2, output: `Unknown command '${argv.join(' ')}'.\n\n${HELP}` };
  let config: Config;
  try {
    config = getConfig(env);
  } catch (err) {
    return { code: 2, output: String((err as Error).message) };
  }
  const opened: { database?: Database } = {};
  const open = async () => {
    if (opened.database) return opened.database;
    const database = (opened.database = await openConfiguredDatabase(config, 'cli'));
    if (name !== 'migrate') await database.migrate();
    return database;
  };
  try {
    return { code: 0, output: await commands[name]!(open, config, args) };
  } catch (err) {
    if (err instanceof DataDirBusyError || err instanceof UsageError || err instanceof ConfigError) return { code: 2, output: err.message };
    // An option Node's parseArgs refused (an unknown option, a value missing): the usage's fault, said in its words.
    if (String((err as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) return { code: 2, output: `${(err as Error).message}\n\n${HELP}` };
    if (err instanceof DatabaseUnreachableError) return { code: 1, output: err.message };
    if (err instanceof AppError) return { code: 1, output: `Error: ${err.message}` };
    if (err instanceof LedgerMismatch) return { code: 1, output: err.message };
    throw err;
  } finally {
    await opened.database?.close().catch(() => {});
  }
}
