/**
 * The run-tagged RM records a worker shares (./worker-records.ts): one candidate with an education,
 * an employment and a tag, for tests that only address existing records and change nothing (the 401
 * and 404 tables and the date-header test of catalogue-rules.spec.ts).
 */
import { test } from '@playwright/test';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import type { Cleanup } from '../../src/runner/cleanup';
import { addEducation, addEmployment, createCandidateRecord, listTags, taggingNamed } from './rm-records';
import { WorkerRecords } from './worker-records';

export interface SharedRecords {
  candidateId: string;
  educationId: string;
  employmentId: string;
  tagId: string | null;
}

async function make(rm: ApiClient, target: Target, cleanup: Cleanup): Promise<SharedRecords> {
  const candidate = await createCandidateRecord(rm, target, cleanup, 'shared');
  const educationId = await addEducation(rm, cleanup, candidate.id);
  const employmentId = await addEmployment(rm, cleanup, candidate.id);
  const tags = (await listTags(rm, candidate.id)).records;
  const tagId = (taggingNamed(tags, candidate.tag) ?? tags[0])?.id ?? null;
  return { candidateId: candidate.id, educationId, employmentId, tagId };
}

/** The shared records of one worker (the value of the rmShared fixture). */
export class RmShared extends WorkerRecords<SharedRecords> {
  constructor(private readonly target: Target) {
    super('RM shared records', (rm, cleanup) => make(rm, target, cleanup));
  }

  override records(rm: ApiClient, cleanup: Cleanup): Promise<SharedRecords> {
    test.skip(!this.target.rm, 'RM v2 not configured (RM_BASE_URL is unset while HR_BASE_URL is set)');
    return super.records(rm, cleanup);
  }
}
