import { client } from '../client/api.ts';
import * as communityCalls from '../shared/calls/community.ts';
import type { ContactBody, ReportBody } from '../shared/contracts/community.ts';
import type { EventBody } from '../shared/contracts/events.ts';
import { payload, requestFamily, requestStore } from './request.ts';

/** The report reasons (asked once per page, when a report dialog first opens). */
export const $reportTypes = requestStore(() => payload(communityCalls.reportTypes(client())));
export async function loadReportTypes(): Promise<void> {
  const { status } = $reportTypes.get();
  if (status === 'idle' || status === 'error') await $reportTypes.run();
}

/** A violation report, per reported thing (`targetType:targetId`). */
export const reports = requestFamily((_target: string, body: ReportBody) => payload(communityCalls.report(client(), body)));

export const $contact = requestStore((body: ContactBody) => payload(communityCalls.contact(client(), body)));

/** Creating or editing an event (one form per page). */
export const $eventSave = requestStore((body: EventBody, id?: string) =>
  payload(id ? communityCalls.updateEvent(client(), id, body) : communityCalls.createEvent(client(), body)),
);
export const eventRemovals = requestFamily((id: string) => payload(communityCalls.deleteEvent(client(), id)));
