/**
 * The RM state: one map per record kind, plus the few mutations that keep two sides in step
 * (list membership, anonymisation). Handlers read the maps directly; ordering is by `seq`.
 */
import type { IdFactory } from './ids';
import type {
  AtsIntegration,
  Candidate,
  CandidateEvent,
  CandidateFile,
  Education,
  Employment,
  Job,
  JobApplication,
  Message,
  Note,
  RecruitmentEvent,
  StaticList,
  Stub,
  Tagging,
} from './model';

export class Store {
  readonly candidates = new Map<string, Candidate>();
  readonly events = new Map<string, CandidateEvent>();
  readonly jobs = new Map<string, Job>();
  readonly lists = new Map<string, StaticList>();
  readonly messages = new Map<string, Message>();
  readonly notes = new Map<string, Note>();
  readonly taggings = new Map<string, Tagging>();
  readonly files = new Map<string, CandidateFile>();
  readonly educations = new Map<string, Education>();
  readonly employments = new Map<string, Employment>();
  readonly applications = new Map<string, JobApplication>();
  readonly recruitmentEvents = new Map<string, RecruitmentEvent>();
  readonly integrations = new Map<string, AtsIntegration>();
  /** Records known only by id and type, keyed "type:id". */
  private readonly stubs = new Map<string, Stub>();
  private seq = 0;

  constructor(readonly ids: IdFactory) {}

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  addStub(stub: Stub): Stub {
    this.stubs.set(`${stub.type}:${stub.id}`, stub);
    return stub;
  }

  stub(type: string, id: string): Stub | undefined {
    return this.stubs.get(`${type}:${id}`);
  }

  /** Adds the membership; false when the candidate already was a member. */
  addMember(list: StaticList, candidate: Candidate): boolean {
    const added = !list.members.has(candidate.id);
    list.members.add(candidate.id);
    candidate.lists.add(list.id);
    return added;
  }

  removeMember(list: StaticList, candidate: Candidate): void {
    list.members.delete(candidate.id);
    candidate.lists.delete(list.id);
  }

  /** The candidate an ATS integration knows by `atsId`, if both exist. */
  candidateByAtsId(integrationId: string, atsId: string): Candidate | undefined {
    const candidateId = this.integrations.get(integrationId)?.candidates.get(atsId);
    return candidateId === undefined ? undefined : this.candidates.get(candidateId);
  }

  /** Replaces personal data; the record stays, found with filter[anonymised]=true (000 §3, §4). */
  anonymise(candidate: Candidate, now: number): void {
    candidate.anonymised = true;
    candidate.firstName = 'Anonymised';
    candidate.lastName = 'Candidate';
    candidate.email = `anonymised-${candidate.uid}@example.invalid`;
    candidate.phone = '';
    candidate.profileUrl = '';
    candidate.skills = [];
    candidate.updated = now;
  }
}
