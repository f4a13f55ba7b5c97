-- Hand-written: one function writes a search's prefixes as exact lexemes, for job search and talent search alike
-- (migrations 0033 and 0064 each had their own copy, the same but for the word list they read). A search's tsquery
-- (to_tsquery text, english) with each prefix written as the exact lexemes of `vocabulary` that begin with it, when
-- there are at most 8: the same matches, but a GIN index skips through exact entries alongside its other keys where a
-- prefix's entry range is read whole into a bitmap (ADR 0009, ADR 0055). A prefix of more lexemes, or of none, stays
-- a prefix. `vocabulary` is a table with a `lexeme` column under a C-collated unique index (search_lexemes,
-- talent_search_lexemes), named by the two wrappers below, never by a request.
CREATE FUNCTION exact_prefix_query(input text, vocabulary regclass) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  tsquery_text text := to_tsquery('english', input)::text;
  prefix text;
  lexemes text[];
BEGIN
  FOR prefix IN SELECT DISTINCT m[1] FROM regexp_matches(tsquery_text, '''([^'']+)'':\*', 'g') m LOOP
    EXECUTE format('SELECT array(SELECT l.lexeme FROM %s l WHERE (l.lexeme COLLATE "C") >= $1
                    ORDER BY (l.lexeme COLLATE "C") LIMIT 9)', vocabulary) INTO lexemes USING prefix;
    lexemes := ARRAY(SELECT x FROM unnest(lexemes) x WHERE starts_with(x, prefix));
    IF cardinality(lexemes) BETWEEN 1 AND 8 THEN
      tsquery_text := replace(tsquery_text, '''' || prefix || ''':*',
        '(' || array_to_string(ARRAY(SELECT '''' || x || '''' FROM unnest(lexemes) x), ' | ') || ')');
    END IF;
  END LOOP;
  RETURN tsquery_text::tsquery;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_search_query(input text) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT exact_prefix_query(input, 'search_lexemes'::regclass)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION talent_search_query(input text) RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT exact_prefix_query(input, 'talent_search_lexemes'::regclass)
$$;
