// Builds the sandbox the suite runs against (parts 2, 3 and 6) and names the records INTERFACE.md's RM_* variables point at.
import { type Rec, T } from './model';
import { seedCandidates } from './seed-candidates';
import { seedCatalog, seedClosedJob } from './seed-catalog';
import { Store } from './store';

export interface SeedOptions {
  /** also a live job past its closing date (the alternate persona's live jobs are the open ones) */
  closedLiveJob?: boolean;
}

export interface SeedIds {
  listId: string;
  jobId: string;
  draftJobId: string;
  recruitmentEventId: string;
  jobApplicationId: string;
  atsIntegrationId: string;
  atsCandidateId: string;
  archivedCandidateId: string;
  anonymisedCandidateId: string;
}

export interface Seeded {
  store: Store;
  ids: SeedIds;
}

function need(rec: Rec | undefined, what: string): Rec {
  if (rec === undefined) throw new Error(`seed is missing ${what}`);
  return rec;
}

export function seed(now: number, options: SeedOptions = {}): Seeded {
  const store = new Store();
  const catalog = seedCatalog(store, now);
  const candidates = seedCandidates(store, catalog, now);
  if (options.closedLiveJob === true) seedClosedJob(store, now, need(catalog.liveJobs[0], 'a live job'));
  const archived = need(
    candidates.find((c) => c.attrs.archived_status === 'archived' && c.hidden.anonymised !== true),
    'an archived candidate',
  );
  const anonymised = need(
    candidates.find((c) => c.hidden.anonymised === true),
    'an anonymised candidate',
  );
  const atsCandidate = need(
    candidates.find((c) => c.hidden.atsUid !== undefined && c.hidden.anonymised !== true),
    'an ATS candidate',
  );
  return {
    store,
    ids: {
      listId: need(catalog.lists[0], 'a list').id,
      jobId: need(catalog.liveJobs[0], 'a live job').id,
      draftJobId: catalog.draftJob.id,
      recruitmentEventId: need(catalog.recruitmentEvents[0], 'a recruitment event').id,
      jobApplicationId: need(store.all(T.jobApplication)[0], 'a job application').id,
      atsIntegrationId: catalog.integration.id,
      atsCandidateId: atsCandidate.hidden.atsUid ?? '',
      archivedCandidateId: archived.id,
      anonymisedCandidateId: anonymised.id,
    },
  };
}
