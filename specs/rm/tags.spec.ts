/**
 * Candidate tags (000 §4 Operations: GET/POST /candidates/{candidateId}/tags, DELETE
 * /candidates/{candidateId}/tags/{tagId}; POST /candidates tag_values; 000 §2 Tagging). An unknown
 * candidate or tag id (404) is in catalogue-rules.spec.ts.
 */
import {
  declares,
  test,
  expectCreatedShown,
  expectDocumented,
  expectGone,
  expectKept,
  expectShown,
  type Exchange,
  expectAcceptedOrRefused,
} from '../kit';
import {
  caughtUp,
  waited,
  tagBody,
  runTag,
  addTag,
  createCandidateRecord,
  getCandidate,
  listTags,
  taggingNamed,
  expectNoTagFrom,
  RM_TAG_WITHOUT_EMAIL,
  RM_UNTIED_RULE,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';

test.describe('tags', () => {
  test(
    'POST /candidates/{candidateId}/tags answers 200 and GET lists the tag; DELETE answers 200, GET no longer lists it and still lists the other tag @smoke @stateful',
    declares(
      'rm.candidate-tags.create 200',
      'rm.candidate-tags.delete 200',
      'rm.candidate-tags.list 200',
      'rm.candidates.get 200',
      'rm.candidates.create',
    ),
    async ({ rm, target, cleanup, observe }) => {
      const create = operation('rm.candidate-tags.create');
      const del = operation('rm.candidate-tags.delete');
      const candidate = await createCandidateRecord(rm, target, cleanup, 'tags');
      const name = runTag(target, 'tag');
      const body = tagBody(name, candidate.email);
      const added = await rm.call(create.id, { params: { candidateId: candidate.id }, body });
      expectDocumented(added, create, '200');
      const listed = await listTags(rm, candidate.id);
      const where = `GET /candidates/${candidate.id}/tags (a tagging named "${name}")`;
      const tagging = expectCreatedShown(added, listed.exchange, taggingNamed(listed.records, name), 'rm.op.candidate-tags.create', where);
      // 000 §2 Candidate "tags | array of string": where the candidate's tags attribute names the new tag, a DELETE must take it out there too.
      const tagsOf = async (): Promise<{ read: Exchange; names: string[] | null }> => {
        const { exchange, resource } = await getCandidate(rm, candidate.id);
        const tags = resource.attributes.tags;
        return { read: exchange, names: Array.isArray(tags) ? tags.map(String) : null };
      };
      // The attribute may catch up late (D78): read again, bounded, only while it does not name the tag.
      let attributeAfterAdd = await tagsOf();
      if (attributeAfterAdd.names !== null && !attributeAfterAdd.names.includes(name))
        await caughtUp(async () => {
          attributeAfterAdd = await tagsOf();
          return attributeAfterAdd.names?.includes(name) ?? false;
        });
      const inAttribute = attributeAfterAdd.names?.includes(name) ?? false;
      observe(
        'other',
        'candidate tags attribute after POST /candidates/{candidateId}/tags',
        attributeAfterAdd.names === null ? 'no tags array' : inAttribute ? 'names the new tag' : 'does not name the new tag',
      );
      // A second tag the DELETE does not address (000 §4: DELETE .../tags/{tagId} names one tag): it stays.
      const other = runTag(target, 'kept');
      await addTag(rm, cleanup, candidate.id, other, candidate.email);
      const remove = (tagId: string) => rm.call(del.id, { params: { candidateId: candidate.id, tagId } });
      cleanup.add(`RM tag ${name} of candidate ${candidate.id}`, () => remove(tagging.id));
      // 000 §4: "tagId is the tag UUID" -> the tagging's id; its uid where the target keys tags by that.
      let deleted = await remove(tagging.id);
      const uid = tagging.attributes.uid;
      if (deleted.response?.status === 404 && typeof uid === 'string' && uid !== tagging.id) {
        observe('other', 'DELETE /candidates/{candidateId}/tags/{tagId}', 'the tagging id answered 404; its uid was used');
        deleted = await remove(uid);
      }
      expectDocumented(deleted, del, '200');
      const after = await listTags(rm, candidate.id);
      const still = taggingNamed(after.records, name);
      const listing = `GET /candidates/${candidate.id}/tags (the tagging "${name}")`;
      expectGone(deleted, [after.exchange], still ? [still.id] : [], 'rm.op.candidate-tags.delete', listing);
      const kept = taggingNamed(after.records, other);
      const otherListing = `GET /candidates/${candidate.id}/tags (the tagging "${other}", which the DELETE did not address)`;
      expectKept(deleted, [after.exchange], kept ? [kept.id] : [], 'rm.op.candidate-tags.delete', otherListing);
      if (inAttribute) {
        let attributeAfterDelete = await tagsOf();
        const waitedFor = await caughtUp(async () => {
          attributeAfterDelete = await tagsOf();
          return !(attributeAfterDelete.names?.includes(name) ?? false);
        });
        const left = attributeAfterDelete.names?.includes(name) ? [name] : [];
        const where = `the tags attribute of GET /candidates/${candidate.id} (it named "${name}" after the POST; ${waited(waitedFor)})`;
        expectGone(deleted, [attributeAfterAdd.read, attributeAfterDelete.read], left, 'rm.candidate.tags', where);
      }
    },
  );

  test(
    'POST /candidates with tag_values: the candidate carries each of those tags',
    declares('rm.candidate-tags.list 200', 'rm.candidates.create 201', 'rm.candidates.get 200'),
    async ({ rm, target, cleanup }) => {
      // 000 §4 Operations: POST /candidates attributes tag_values (array of string); 000 §2: tags. Two values: each is a tag.
      const names = [runTag(target, 'value'), runTag(target, 'value')];
      const candidate = await createCandidateRecord(rm, target, cleanup, 'tagvalues', { tag_values: names });
      const listed = await listTags(rm, candidate.id);
      const { exchange: read, resource } = await getCandidate(rm, candidate.id);
      const tags = resource.attributes.tags;
      // The tag names either read shows: the taggings listed, and the candidate's tags attribute.
      const shown = [...listed.records.map((t) => String(t.attributes.name)), ...(Array.isArray(tags) ? tags.map(String) : [])];
      const where = `neither GET /candidates/${candidate.id}/tags nor its tags attribute (${JSON.stringify(tags)}), for tag_values ${JSON.stringify(names)},`;
      expectShown([candidate.write], [listed.exchange, read], shown, names, 'rm.op.candidates.create', where);
    },
  );

  test(
    'POST /candidates/{candidateId}/tags without email: 200 and listed, or 422 and no trace (D13 rm.write.tag-without-email)',
    declares('rm.candidate-tags.create 200', 'rm.candidate-tags.list 200', 'rm.candidate-tags.delete', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      // 000 §4: "the contract also lists `email` as a required attribute name although no such property is defined".
      const create = operation('rm.candidate-tags.create');
      const candidate = await createCandidateRecord(rm, target, cleanup, 'tag-noemail');
      const name = runTag(target, 'noemail');
      const ex = await rm.call(create.id, { params: { candidateId: candidate.id }, body: tagBody(name) });
      expectAcceptedOrRefused(ex, 'rm.op.candidate-tags.create', RM_TAG_WITHOUT_EMAIL, [200], 'a tag with a name and no email');
      observe('status', 'POST /candidates/{candidateId}/tags without email', String(ex.response?.status));
      if (ex.response?.status !== 200) {
        await expectNoTagFrom(rm, ex, candidate.id, name);
        return;
      }
      const listed = await listTags(rm, candidate.id);
      const where = `GET /candidates/${candidate.id}/tags (a tagging named "${name}")`;
      const tagging = expectCreatedShown(ex, listed.exchange, taggingNamed(listed.records, name), 'rm.op.candidate-tags.create', where);
      cleanup.add(`RM tag ${name} of candidate ${candidate.id}`, () =>
        rm.call('rm.candidate-tags.delete', { params: { candidateId: candidate.id, tagId: tagging.id } }),
      );
    },
  );

  test(
    'POST /candidates/{candidateId}/tags with a blank name: 200, or 422 and no trace (D32 rm.write.untied-rule)',
    declares('rm.candidate-tags.list 200', 'rm.candidates.get 200', 'rm.candidate-tags.create', 'rm.candidates.create'),
    async ({ rm, target, cleanup, observe }) => {
      // 000 §4: "attributes{name string}", not marked required; no sentence ties a blank name to a refusal.
      const create = operation('rm.candidate-tags.create');
      const candidate = await createCandidateRecord(rm, target, cleanup, 'tag-blank');
      const ex = await rm.call(create.id, { params: { candidateId: candidate.id }, body: tagBody(' ', candidate.email) });
      expectAcceptedOrRefused(ex, 'rm.op.candidate-tags.create', RM_UNTIED_RULE, [200], 'a tag whose name is blank');
      observe('status', 'POST /candidates/{candidateId}/tags with a blank name', String(ex.response?.status));
      if (ex.response?.status !== 200) {
        await expectNoTagFrom(rm, ex, candidate.id, ' ');
        return;
      }
      for (const t of (await listTags(rm, candidate.id)).records.filter((r) => String(r.attributes.name ?? '').trim() === ''))
        cleanup.add(`RM blank tag of candidate ${candidate.id}`, () =>
          rm.call('rm.candidate-tags.delete', { params: { candidateId: candidate.id, tagId: t.id } }),
        );
    },
  );
});
