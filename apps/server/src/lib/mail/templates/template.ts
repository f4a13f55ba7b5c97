import type { ReactElement } from 'react';
import type { EmailCategory } from '@referwell/shared';

/** What a one-click unsubscribe switches off: one category, every category sent as that digest, or one saved search's alerts. */
export type UnsubscribeScope = EmailCategory | 'daily-digest' | 'weekly-digest' | `saved-search:${string}`;

/** What every template gets from the pipeline for its footer. */
export interface Frame {
  /** The site's address without a trailing slash; templates take paths and link to origin + path. */
  origin: string;
  settingsUrl: string;
  unsubscribeUrl?: string | undefined;
}

export interface MailTemplate<P> {
  /** The preference category that may switch this mail off; null for account mails that are always sent. */
  category: EmailCategory | null;
  /** What this mail's unsubscribe link switches off; defaults to its category (none for account mails). */
  unsubscribeScope?: (props: P) => UnsubscribeScope;
  subject(props: P): string;
  render(props: P, frame: Frame): ReactElement;
  /** Sample data for the development preview page and the template tests. */
  sample: P;
}

export const defineTemplate = <P>(template: MailTemplate<P>) => template;
