import { describe, expect, test } from 'vitest';
import {
  EMAIL_MAX,
  emailAddress,
  NAME_MAX,
  numericStep,
  phoneNumber,
  registrationSchema,
  trimInput,
  validationMessages,
} from './validation.ts';

const valid = {
  email: 'New.Person@Example.org',
  type: 'General' as const,
  acceptedTermsOfService: true as const,
  person: {
    firstName: 'Mere',
    lastName: 'Kingi',
    knownAs: 'Mere',
    type: 'SupporterAndDecisionMaker' as const,
    personalInformation: { phone: '+64 (21) 555-0100' },
  },
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('e-mail (text, at sign, domain, dot suffix)', () => {
  test.each(['a@b.co', 'first.last@example.org', 'x+tag@sub.example.nz'])('%s is accepted', (e) => {
    expect(emailAddress.safeParse(e).success).toBe(true);
  });
  test.each(['', 'plain', 'a@b', '@example.org', 'a@.', 'a b@example.org', 'a@example.'])(
    '%o is refused with "Please enter a valid email address."',
    (e) => {
      expect(firstMessage(emailAddress.safeParse(e))).toBe('Please enter a valid email address.');
    },
  );
  test('is trimmed and lower-cased', () => {
    expect(emailAddress.parse('  Aroha@Example.COM ')).toBe('aroha@example.com');
  });
  test(`is at most ${EMAIL_MAX} characters`, () => {
    expect(emailAddress.safeParse(`${'a'.repeat(EMAIL_MAX)}@x.nz`).success).toBe(false);
  });
  test('the field title text', () => {
    expect(validationMessages.emailTitle).toBe('Email should be a valid email');
  });
});

describe('phone (optional: digits, spaces, hyphens, plus signs, parentheses)', () => {
  test.each(['', '021 555 0100', '+64 (21) 555-0100', '0800-PREF'.replace('PREF', '7733')])(
    '%o is accepted',
    (p) => {
      expect(phoneNumber.safeParse(p).success).toBe(true);
    },
  );
  test.each(['021.555.0100', '+64 21 ext 5', '021/555', 'phone'])('%o is refused', (p) => {
    expect(firstMessage(phoneNumber.safeParse(p))).toBe(validationMessages.phone);
  });
  test('may be left out of the registration', () => {
    expect(
      registrationSchema.safeParse({
        ...valid,
        person: { ...valid.person, personalInformation: {} },
      }).success,
    ).toBe(true);
  });
});

describe('registration payload', () => {
  test('a complete form passes, e-mail normalised', () => {
    expect(registrationSchema.parse(valid).email).toBe('new.person@example.org');
  });
  test.each([
    ['firstName', 'Please enter your first name.'],
    ['lastName', 'Please enter your last name.'],
  ] as const)('%s is required', (field, message) => {
    const r = registrationSchema.safeParse({
      ...valid,
      person: { ...valid.person, [field]: '   ' },
    });
    expect(firstMessage(r)).toBe(message);
  });
  test('e-mail is required', () => {
    expect(firstMessage(registrationSchema.safeParse({ ...valid, email: '' }))).toBe(
      'Please enter a valid email address.',
    );
  });
  test('the terms of service must be accepted', () => {
    expect(
      firstMessage(registrationSchema.safeParse({ ...valid, acceptedTermsOfService: false })),
    ).toBe('Please accept the terms of service.');
  });
  test(`names are at most ${NAME_MAX} characters`, () => {
    const r = registrationSchema.safeParse({
      ...valid,
      person: { ...valid.person, firstName: 'x'.repeat(NAME_MAX + 1) },
    });
    expect(r.success).toBe(false);
  });
});

describe('numeric step search param', () => {
  test.each([
    [3, 3],
    ['4', 4],
    [' 2 ', 2],
    ['two', undefined],
    ['', undefined],
    [undefined, undefined],
    [Number.NaN, undefined],
    ['1.5', undefined],
  ])('%o → %o', (input, expected) => {
    expect(numericStep(input)).toBe(expected);
  });
});

test('text inputs trim on change', () => {
  expect(trimInput('  Tea  ')).toBe('Tea');
});
