import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES } from '@referwell/shared';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('PasswordStrengthMeter', () => {
  it('shows nothing before anything is typed', () => {
    const { container } = render(<PasswordStrengthMeter id="m" password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('calls a common password too weak and says why', () => {
    render(<PasswordStrengthMeter id="m" password="Password123!" />);
    expect(screen.getByText('Too weak')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_POLICY_MESSAGES.tooCommon)).toBeInTheDocument();
  });

  it('says when the password is the e-mail', () => {
    render(<PasswordStrengthMeter id="m" password="jo@example.com" email="jo@example.com" />);
    expect(screen.getByText(PASSWORD_POLICY_MESSAGES.sameAsEmail)).toBeInTheDocument();
  });

  it('rates a long passphrase strong or good', () => {
    render(<PasswordStrengthMeter id="m" password="Tr4ffic-Cone-Lamp-9!" />);
    expect(screen.getByText('Strong')).toBeInTheDocument();
  });
});
