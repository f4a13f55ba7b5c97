CREATE TABLE "search_lexemes" (
	"lexeme" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_lexemes_lexeme_idx" ON "search_lexemes" USING btree ("lexeme" collate "C");--> statement-breakpoint
-- Hand-written from here. The lexemes of job search documents, kept as jobs are written (insert-only: a lexeme
-- already there costs one index probe and no lock; one no job holds any more only costs an empty look-up).
CREATE FUNCTION job_postings_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT l FROM new_rows r, unnest(tsvector_to_array(r.search)) l
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION job_postings_changed_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT l FROM new_rows r JOIN old_rows o ON o.id = r.id, unnest(tsvector_to_array(r.search)) l
    WHERE r.search IS DISTINCT FROM o.search
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER job_postings_lexemes_insert AFTER INSERT ON job_postings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_lexemes();--> statement-breakpoint
CREATE TRIGGER job_postings_lexemes_update AFTER UPDATE ON job_postings
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_postings_changed_lexemes();--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT l FROM job_postings j, unnest(tsvector_to_array(j.search)) l ORDER BY 1 ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A job search's tsquery (to_tsquery text, english) with each prefix written as the exact lexemes that job documents
-- have held beginning with it, when there are at most 8: the same matches, but GIN reads a prefix's entry range whole
-- into a bitmap, where exact entries are skipped through alongside the other keys (ADR 0009, branch search8). A
-- prefix of more lexemes, or of none, stays a prefix.
CREATE FUNCTION job_search_query(input text) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  tsquery_text text := to_tsquery('english', input)::text;
  prefix text;
  lexemes text[];
BEGIN
  FOR prefix IN SELECT DISTINCT m[1] FROM regexp_matches(tsquery_text, '''([^'']+)'':\*', 'g') m LOOP
    lexemes := ARRAY(SELECT l.lexeme FROM search_lexemes l WHERE (l.lexeme COLLATE "C") >= prefix
                     ORDER BY (l.lexeme COLLATE "C") LIMIT 9);
    lexemes := ARRAY(SELECT x FROM unnest(lexemes) x WHERE starts_with(x, prefix));
    IF cardinality(lexemes) BETWEEN 1 AND 8 THEN
      tsquery_text := replace(tsquery_text, '''' || prefix || ''':*',
        '(' || array_to_string(ARRAY(SELECT '''' || x || '''' FROM unnest(lexemes) x), ' | ') || ')');
    END IF;
  END LOOP;
  RETURN tsquery_text::tsquery;
END $$;
