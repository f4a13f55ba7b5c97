import type { ReactNode } from 'react';
// Each component from its own package: `@react-email/components` loads every one of them, Tailwind and Prism among
// them, about 10 MB of the server's heap that no mail of ours uses (ADR 0019).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

/** The product's look: one teal accent on calm greys, soft-bordered card, 8 px rhythm. */
export const colors = { accent: '#0f766e', text: '#1f2937', muted: '#6b7280', border: '#e5e7eb', page: '#f8fafc' };

const font = "'Inter', -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface LayoutProps {
  origin?: string;
  preview: string;
  heading: string;
  /** Absolute link to /settings, shown in every footer. */
  settingsUrl: string;
  /** Why this person gets this mail (the category, or 'you asked for it'). */
  reason: string;
  /** One-click unsubscribe page for the mail's category, when it has one. */
  unsubscribeUrl?: string | undefined;
  children: ReactNode;
}

export function Layout({
  origin: _origin,
  preview,
  heading,
  settingsUrl,
  reason,
  unsubscribeUrl,
  children,
}: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: colors.page, fontFamily: font, color: colors.text, margin: 0, padding: '24px 0' }}
      >
        <Container style={{ maxWidth: 560, margin: '0 auto', padding: '0 16px' }}>
          <Text style={{ fontSize: 18, fontWeight: 700, color: colors.accent, margin: '0 0 16px' }}>Referwell</Text>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${colors.border}`,
              borderRadius: 12,
              padding: '24px 32px',
            }}
          >
            <Heading as="h1" style={{ fontSize: 22, lineHeight: '32px', margin: '0 0 16px', color: colors.text }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: '24px 0 16px' }} />
          <Text style={{ fontSize: 12, lineHeight: '20px', color: colors.muted, margin: 0 }}>
            {reason} Choose what Referwell e-mails you:{' '}
            <Link href={settingsUrl} style={{ color: colors.accent }}>
              settings
            </Link>
            {unsubscribeUrl ? (
              <>
                {' · '}
                <Link href={unsubscribeUrl} style={{ color: colors.accent }}>
                  unsubscribe from these e-mails
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: '24px', margin: '0 0 16px' }}>{children}</Text>;
}

export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.accent,
          color: '#ffffff',
          borderRadius: 8,
          padding: '12px 20px',
          fontSize: 15,
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}
