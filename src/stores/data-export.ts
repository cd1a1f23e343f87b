import { client } from '../client/api.ts';
import * as dataExportCalls from '../shared/calls/data-export.ts';
import { payload, requestStore } from './request.ts';

/** "Download my data": asks for an export; its answer says the link will be mailed (a 409 while one runs). */
export const $dataExportRequest = requestStore(() => payload(dataExportCalls.requestDataExport(client())));
