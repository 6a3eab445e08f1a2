/**
 * The data the suite sends is what real validators accept (schemas/DECISIONS.md D64): every plan
 * yields numbers libphonenumber-js takes as a subscriber's and none in a range reserved for fiction;
 * the people's plain forms are plain; addresses are RFC 5322 dot-atoms of at most 64 octets before the @.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatArbitrary } from '../../src/generators';
import {
  anyPhoneNumber,
  fictionalRange,
  isPlainPerson,
  isUsualLocalPart,
  PEOPLE,
  personalEmail,
  PHONE_COUNTRIES,
  phoneLibrary,
  phoneNumber,
  phoneProblem,
  PLAIN_NAME,
  plainName,
  plainPerson,
  type Person,
} from '../../src/generators/realistic';

test("every plan yields real subscribers' numbers, the same for the same draw, in E.164 or the international format", () => {
  const lib = phoneLibrary();
  for (const country of PHONE_COUNTRIES) {
    const seen = new Set<string>();
    for (let n = 0; n < 40; n += 1) {
      const number = phoneNumber(country, n);
      assert.equal(phoneProblem(number.e164, country), null, `${country} ${n}: ${number.e164}`);
      assert.ok(lib.isValidPhoneNumber(number.typed), `${country} ${n}: ${number.typed} as typed`);
      assert.equal(lib.parsePhoneNumber(number.typed).number, number.e164);
      assert.equal(number.typed, lib.parsePhoneNumber(number.e164).formatInternational());
      seen.add(number.e164);
    }
    assert.ok(seen.size > 30, `${country}: the draws vary (${seen.size} of 40)`);
    assert.deepEqual(phoneNumber(country, 7), phoneNumber(country, 7));
  }
  assert.equal(lib.parsePhoneNumber(phoneNumber('AU', 3, 'mobile').e164).getType(), 'MOBILE');
  assert.equal(lib.parsePhoneNumber(phoneNumber('AU', 3, 'fixed').e164).getType(), 'FIXED_LINE');
  assert.ok(PHONE_COUNTRIES.includes(anyPhoneNumber(12345).country));
});

test('fictionalRange: the ranges reserved for drama and fiction are never drawn', () => {
  assert.match(fictionalRange('+12015550123') ?? '', /NANP 555/);
  assert.match(fictionalRange('+442079460123') ?? '', /Ofcom/);
  assert.match(fictionalRange('+447700900123') ?? '', /Ofcom/);
  assert.match(fictionalRange('+61491570156') ?? '', /ACMA/);
  assert.match(fictionalRange('+61255500100') ?? '', /ACMA/);
  assert.match(fictionalRange('+33639980000') ?? '', /ARCEP/);
  assert.equal(fictionalRange('+442071234567'), null);
  // Valid by the plan's shape, reserved all the same: the suite's own check refuses it.
  assert.match(phoneProblem('+12015550123') ?? '', /NANP 555/);
});

test('people: names as people have them, each with plain one-word ASCII forms; one decomposed accent; others outside Latin-1', () => {
  for (const p of PEOPLE) {
    assert.match(p.plainFirst, PLAIN_NAME, p.plainFirst);
    assert.match(p.plainLast, PLAIN_NAME, p.plainLast);
    assert.ok(isPlainPerson(plainPerson(p)));
    assert.equal(plainName(p.first), p.plainFirst);
    assert.equal(plainName(p.last), p.plainLast);
  }
  const names = PEOPLE.flatMap((p) => [p.first, p.last]);
  for (const wanted of ['José', "O'Brien", 'Nguyễn', 'Müller-Lüdenscheidt', '李', 'Zoë', 'Mary Ann'])
    assert.ok(names.includes(wanted), wanted);
  assert.ok(
    names.some((n) => n !== n.normalize('NFC')),
    'one name is sent decomposed (NFD)',
  );
  assert.ok(
    names.some((n) => /[^\u0020-\u00ff]/u.test(n)),
    'some name is outside Latin-1',
  );
  assert.equal(plainName('Straße'), 'Strasse');
  assert.equal(plainName('ØØ'), 'OO');
  assert.equal(plainName('…', 'Ada'), 'Ada');
});

test('personalEmail: a dot-atom of at most 64 octets before the @, the tag kept whole, the name cut', () => {
  for (const p of PEOPLE) {
    const email = personalEmail(p, 'cr1a2b3c4d-create-12345-17');
    const local = email.slice(0, email.lastIndexOf('@'));
    assert.ok(isUsualLocalPart(local), email);
    assert.ok(local.endsWith('+cr1a2b3c4d-create-12345-17'), email);
  }
  const long = personalEmail(PEOPLE[0] as Person, `${'r'.repeat(24)}-educations-property-1234567-12345`);
  assert.ok(long.slice(0, long.lastIndexOf('@')).length <= 64, long);
  assert.throws(() => personalEmail(PEOPLE[0] as Person, 'x'.repeat(64)), /no room/);
  assert.throws(() => personalEmail(PEOPLE[0] as Person, 'a b'), /not letters/);
  assert.equal(isUsualLocalPart('"quoted"'), false);
  assert.equal(isUsualLocalPart('a..b'), false);
});

test('the email format arbitrary gives usual addresses of people', () => {
  fc.assert(
    fc.property(formatArbitrary('email'), (email) => {
      const at = email.lastIndexOf('@');
      assert.ok(isUsualLocalPart(email.slice(0, at)), email);
      assert.match(email.slice(at + 1), /^(mail\.|test\.)?example\.(com|org|net)$/);
    }),
    { numRuns: 200, seed: 7 },
  );
});
