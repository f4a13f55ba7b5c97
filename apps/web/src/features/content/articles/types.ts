/** Resource articles as data (SPEC §2 "Resources"). Text fields are rendered with `RichText`. */

export type ArticleCategory = 'companies' | 'job-seekers';

export interface ArticleSection {
  title: string;
  /** Paragraphs separated by blank lines; may contain markdown-style links `[text](https://…)`. */
  body: string;
  bullets?: string[];
}

export interface ArticleCard {
  title: string;
  body: string;
}

/** What an article's card shows (listings, "Keep reading") and its page metadata. */
export interface ArticleTeaser {
  slug: string;
  category: ArticleCategory;
  /** The short category label shown above the title, e.g. 'Career Growth'. */
  badge: string;
  title: string;
  /** One or two sentences; used on the listing card and as the page's meta description. */
  description: string;
}

/** An article's text, in its own module so that only the article's page loads it. */
export interface ArticleBody {
  introduction: string;
  sections: ArticleSection[];
  /** Optional cards shown after the sections, under `cardsTitle` (default 'Key takeaways'). */
  cards?: ArticleCard[];
  cardsTitle?: string;
  conclusion: string;
}

export type Article = ArticleTeaser & ArticleBody;
