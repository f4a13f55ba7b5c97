import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES, passwordProblem, passwordStrength } from './password';

describe('passwordProblem', () => {
  it.each([
    'password',
    'aaaaaaaa',
    '        ',
    '12345678',
    'Password123!',
    'P@ssw0rd',
    'qwertyuiop',
    'iloveyou2',
    'Welcome2026',
    'abcabcabc',
    '87654321',
    'dragon1234',
  ])('refuses the common password %j', (p) => expect(passwordProblem(p)).toBe(PASSWORD_POLICY_MESSAGES.tooCommon));

  it('refuses the e-mail address or its name part', () => {
    expect(passwordProblem('Jane.Doe@Example.com', 'jane.doe@example.com')).toBe(PASSWORD_POLICY_MESSAGES.sameAsEmail);
    expect(passwordProblem('jane.doe.smith', 'jane.doe.smith@example.com')).toBe(PASSWORD_POLICY_MESSAGES.sameAsEmail);
  });

  it.each(['correct horse battery staple', 'referwell-demo', 'Tr4ffic-Cone-Lamp', 'gnu87 ledger kiwi'])(
    'accepts %j',
    (p) => expect(passwordProblem(p, 'someone@example.com')).toBeNull(),
  );
});

describe('passwordStrength', () => {
  it('scores refused passwords 0 and long mixed ones higher', () => {
    expect(passwordStrength('password').score).toBe(0);
    expect(passwordStrength('gnu87 ledger').score).toBeGreaterThanOrEqual(1);
    expect(passwordStrength('correct horse battery staple').score).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('Tr4ffic-Cone-Lamp-9!').label).toBe('Strong');
  });
});
