// Shapes of contact details that several fields read (the e-mail, the name, the skills): kept apart from contact.ts
// so the readers that only need to recognise a contact line do not depend on the one that picks contact fields.

export const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** The parts of a contact line: its cells, split again at separators ('Boston, MA | 555… | jane@…'). */
export function contactParts(text: string): string[] {
  return text
    .split(/\s*[|•·▪◆♦✉☎]\s*|\s+[/–—]\s+|\s{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}
