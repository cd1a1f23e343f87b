import { adminCalls } from '../shared/admin/calls.ts';
import { onApiClient } from './api.ts';

/** The back office's calls (stores/admin.ts, stores/media.ts), on the browser's API client; apart from `api`, so that the site's pages do not carry them. */
export let admin: ReturnType<typeof adminCalls>;
onApiClient((client) => (admin = adminCalls(client)));
