/**
 * One pass over a page's DOM for the page reader: every element in document order, the blocks that are never about
 * this job (navigation, cookie banners, 'Similar jobs' lists) marked once, meta tags by key, and element texts
 * memoised. The sources filter these arrays with plain predicates instead of running a CSS selector over the whole
 * page each (a 3 MB page has ~100k elements; forty selector scans of it took seconds).
 */
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element, ParentNode } from 'domhandler';
import { flatText, inlineText } from './html-text';
import { CHROME_CLASS, OTHER_JOBS_CLASS, OTHER_JOBS_HEADINGS } from './page-vocabulary';

export interface PageIndex {
  $: CheerioAPI;
  /** The document root (a page without <body> is read from it). */
  root: ParentNode;
  /** Every element, in document order. */
  elements: Element[];
  /** Whether an element is inside a block that is never about this job. */
  excluded: (el: Element) => boolean;
  /** The elements outside those blocks, in document order: most sources read only these. */
  kept: Element[];
  /** The elements with one of these tag names, in document order (memoised per list). */
  tags: (...names: string[]) => Element[];
  /** The same among the kept elements. */
  keptTags: (...names: string[]) => Element[];
  /** The text of an element (scripts and styles left out), memoised. */
  text: (el: AnyNode) => string;
  /** A meta tag's content by property or name ('og:title'), first one on the page; '' when absent. */
  meta: (key: string) => string;
}

export const classOf = (el: Element) => `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`;
const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const OTHER_HEADINGS = new Set(OTHER_JOBS_HEADINGS);
const EXCLUDED_TAGS = new Set(['nav', 'script', 'style', 'template']);
const OTHER_HEADING_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b']);

/** Every element under `root` in document order, without recursion (safe on absurdly deep pages). */
function elementsOf(root: ParentNode): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length) {
    const node = stack.pop() as AnyNode;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const el = node as Element;
    out.push(el);
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as AnyNode);
  }
  return out;
}

/** The roots of blocks that are never about this job: navigation, chrome, and blocks listing other jobs. */
function excludedRoots(elements: Element[], text: (el: Element) => string): Set<Element> {
  const roots = new Set<Element>();
  for (const el of elements) {
    const { attribs } = el;
    if (EXCLUDED_TAGS.has(el.name) || attribs.role === 'navigation' || attribs['aria-hidden'] === 'true') roots.add(el);
    if (attribs.class !== undefined || attribs.id !== undefined) {
      const cls = classOf(el);
      if (CHROME_CLASS.test(cls) || (OTHER_JOBS_CLASS.test(cls) && el.name !== 'body' && el.name !== 'main'))
        roots.add(el);
    }
    if (!OTHER_HEADING_TAGS.has(el.name)) continue;
    const heading = text(el);
    if (heading.length > 160) continue;
    const folded = fold(heading).replace(/[:.]$/, '');
    if (!OTHER_HEADINGS.has(folded) && !/^(?:more|other) (?:jobs|openings|roles) at\b/.test(folded)) continue;
    // The block is the heading's container (a section, aside or div holding the list).
    const parent = el.parent?.type === 'tag' ? el.parent : null;
    roots.add(parent && parent.name !== 'body' && parent.name !== 'main' ? parent : el);
  }
  return roots;
}

function addTo(byName: Map<string, Element[]>, el: Element) {
  const list = byName.get(el.name);
  if (list) list.push(el);
  else byName.set(el.name, [el]);
}

/** Elements by tag name: one name straight from the index, several filtered once (document order) and memoised. */
function selectByName(byName: Map<string, Element[]>, all: Element[]) {
  const several = new Map<string, Element[]>();
  return (...names: string[]): Element[] => {
    if (names.length === 1) return byName.get(names[0]!) ?? [];
    const key = names.join(',');
    let list = several.get(key);
    if (!list) {
      const wanted = new Set(names);
      several.set(key, (list = all.filter((el) => wanted.has(el.name))));
    }
    return list;
  };
}

/** Indexes a loaded page once; every page source reads from the index. */
export function indexPage($: CheerioAPI): PageIndex {
  const root = $.root()[0] as ParentNode;
  const elements = elementsOf(root);
  const texts = new Map<AnyNode, string>();
  const text = (node: AnyNode) => {
    let value = texts.get(node);
    if (value === undefined) texts.set(node, (value = flatText(node)));
    return value;
  };
  const roots = excludedRoots(elements, text);
  // Document order puts every parent before its children: one pass marks whole excluded subtrees.
  const excludedSet = new Set<Element>();
  const kept: Element[] = [];
  const allByName = new Map<string, Element[]>();
  const keptByName = new Map<string, Element[]>();
  for (const el of elements) {
    addTo(allByName, el);
    if (roots.has(el) || (el.parent?.type === 'tag' && excludedSet.has(el.parent as Element))) excludedSet.add(el);
    else {
      kept.push(el);
      addTo(keptByName, el);
    }
  }
  const tags = selectByName(allByName, elements);
  const metas = new Map<string, string>();
  for (const el of tags('meta'))
    for (const key of [el.attribs.property, el.attribs.name])
      if (key !== undefined && !metas.has(key)) metas.set(key, el.attribs.content ?? '');

  return {
    $,
    root,
    elements,
    excluded: (el) => excludedSet.has(el),
    kept,
    tags,
    keptTags: selectByName(keptByName, kept),
    text,
    meta: (key) => inlineText(metas.get(key) ?? ''),
  };
}

/** The nearest element from `el` up (itself included) that `test` accepts, or null. */
export function closest(el: Element, test: (el: Element) => boolean): Element | null {
  for (let node: Element | null = el; node; node = node.parent?.type === 'tag' ? (node.parent as Element) : null)
    if (test(node)) return node;
  return null;
}

/** The element siblings after `el`, in order. */
export function nextElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let node = el.next; node; node = node.next) if (node.type === 'tag') out.push(node as Element);
  return out;
}

/** All text under a node, form controls included (a <button>'s label, which page texts leave out). */
export function allText(node: AnyNode): string {
  let text = '';
  const stack: AnyNode[] = [node];
  while (stack.length) {
    const current = stack.pop() as AnyNode;
    if (current.type === 'text') text += current.data;
    else if ('children' in current)
      for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as AnyNode);
  }
  return text;
}

/** The raw text children of an element (a script's source, a title's text), entities as parsed. */
export function ownText(el: Element): string {
  return el.children.map((c) => (c.type === 'text' ? c.data : '')).join('');
}
