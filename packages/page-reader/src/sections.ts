import { HEADING_MARK, normaliseText } from './html-text';
import { LANGUAGES, type LanguageWords } from './page-languages';

export interface JobSections {
  description: string;
  responsibilities: string;
  requirements: string;
}

const words = (pick: (l: LanguageWords) => string[]) =>
  Object.values(LANGUAGES)
    .flatMap(pick)
    .map((w) => w.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&'))
    .join('|');
const RESPONSIBILITIES_HEADING = new RegExp(
  `(?<![\\p{L}])(responsibilities|duties|what you['’]?ll do|what you will do|what you['’]?ll be doing|day[\\s-]to[\\s-]day|the work|aufgaben|deine aufgaben|ihre aufgaben|missions|vos missions|tes missions|funciones|responsabilidades|tareas|wat ga je doen|jouw taken|taken|werkzaamheden|${words((l) => l.duties)})(?![\\p{L}])`,
  'iu',
);
const REQUIREMENTS_HEADING = new RegExp(
  `(?<![\\p{L}])(requirements|qualifications|what you bring|what you['’]?ll bring|what you will bring|skills|who you are|what we['’]?re looking for|nice[\\s-]to[\\s-]haves?|bonus points|must[\\s-]haves?|profil|ihr profil|dein profil|anforderungen|qualifikationen|votre profil|profil recherché|requisitos|perfil|wat vragen wij|wie ben jij|functie-eisen|jouw profiel|${words((l) => l.requirements)})(?![\\p{L}])`,
  'iu',
);

type Section = keyof JobSections;

/** Which section a line opens, if it is a heading; null when it is ordinary content. */
function headingSection(line: string): Section | null {
  const marked = line.startsWith(HEADING_MARK);
  const text = line.replace(HEADING_MARK, '').trim();
  if (!text || text.length > 60 || text.startsWith('- ')) return null;
  const looksLikeHeading = marked || text.endsWith(':') || text.split(/\s+/).length <= 4;
  if (!looksLikeHeading) return null;
  if (RESPONSIBILITIES_HEADING.test(text)) return 'responsibilities';
  if (REQUIREMENTS_HEADING.test(text)) return 'requirements';
  // Any other real heading ('About us', 'Benefits') closes the current section; its content is description.
  return marked ? 'description' : null;
}

/**
 * Splits job text (from htmlToText with markHeadings) into description / responsibilities / requirements by its
 * headings ('Responsibilities', "What you'll do", 'Duties' / 'Requirements', 'Qualifications', 'What you bring',
 * 'Skills'). Headings that open a section are dropped (a repeated one, like 'Preferred Qualifications' after
 * 'Minimum Qualifications', is kept as a sub-heading); other headings stay in the description. Content before the
 * first heading, and a paragraph following a section's list, is description.
 */
export function splitSections(text: string): JobSections {
  const parts: Record<Section, string[]> = { description: [], responsibilities: [], requirements: [] };
  let current: Section = 'description';
  let sawList = false;
  let previous = '';
  for (const line of text.split('\n')) {
    const section = headingSection(line);
    if (section && section !== 'description') {
      // A second heading for the same section ('Minimum' then 'Preferred Qualifications') stays as a sub-heading.
      if (section === current && parts[current].some((l) => l.trim()))
        parts[current].push('', line.replace(HEADING_MARK, '').trim());
      current = section;
      sawList = false;
      previous = '';
      continue;
    }
    if (section === 'description') current = 'description';
    // A paragraph after a section's list (a pay line, an equal-opportunity statement) is description again.
    if (current !== 'description' && sawList && !previous.trim() && line.trim() && !line.startsWith('- '))
      current = 'description';
    if (line.startsWith('- ')) sawList = true;
    parts[current].push(line.replace(HEADING_MARK, ''));
    previous = line;
  }
  return {
    description: normaliseText(parts.description.join('\n')),
    responsibilities: normaliseText(parts.responsibilities.join('\n')),
    requirements: normaliseText(parts.requirements.join('\n')),
  };
}
