CREATE TABLE "talent_search_lexemes" (
	"lexeme" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "talent_profiles_lists_idx";--> statement-breakpoint
DROP INDEX "talent_profiles_search_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "talent_search_lexemes_lexeme_idx" ON "talent_search_lexemes" USING btree ("lexeme" collate "C");--> statement-breakpoint
CREATE INDEX "talent_profiles_search_idx" ON "talent_profiles" USING gin ("search",job_time_keys("updated_at"),(array["involvement"]),(array["place_label"]),"skills","technical_skills","software_tools","industries","titles","interests");--> statement-breakpoint
-- Hand-written from here. The lexemes of talent search documents, kept as profiles are written (the trigger's live
-- definition is db/triggers/talent_profiles_lexemes.sql), then those of the profiles already there.
CREATE OR REPLACE FUNCTION public.talent_profiles_lexemes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO talent_search_lexemes (lexeme)
    SELECT DISTINCT l FROM new_rows r, unnest(tsvector_to_array(r.search)) l
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER talent_profiles_lexemes_insert AFTER INSERT ON talent_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION talent_profiles_lexemes();--> statement-breakpoint
CREATE TRIGGER talent_profiles_lexemes_update AFTER UPDATE ON talent_profiles
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION talent_profiles_lexemes();--> statement-breakpoint
INSERT INTO talent_search_lexemes (lexeme)
  SELECT DISTINCT l FROM talent_profiles p, unnest(tsvector_to_array(p.search)) l ORDER BY 1 ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A talent search's tsquery (to_tsquery text, english) with each prefix written as the exact lexemes that talent
-- documents have held beginning with it, when there are at most 8: job_search_query (migration 0033) over talent's
-- vocabulary. The same matches, but the search GIN index skips through exact entries alongside the filters' where a
-- prefix's entry range is read whole into a bitmap (ADR 0045). A prefix of more lexemes, or of none, stays a prefix.
CREATE FUNCTION talent_search_query(input text) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  tsquery_text text := to_tsquery('english', input)::text;
  prefix text;
  lexemes text[];
BEGIN
  FOR prefix IN SELECT DISTINCT m[1] FROM regexp_matches(tsquery_text, '''([^'']+)'':\*', 'g') m LOOP
    lexemes := ARRAY(SELECT l.lexeme FROM talent_search_lexemes l WHERE (l.lexeme COLLATE "C") >= prefix
                     ORDER BY (l.lexeme COLLATE "C") LIMIT 9);
    lexemes := ARRAY(SELECT x FROM unnest(lexemes) x WHERE starts_with(x, prefix));
    IF cardinality(lexemes) BETWEEN 1 AND 8 THEN
      tsquery_text := replace(tsquery_text, '''' || prefix || ''':*',
        '(' || array_to_string(ARRAY(SELECT '''' || x || '''' FROM unnest(lexemes) x), ' | ') || ')');
    END IF;
  END LOOP;
  RETURN tsquery_text::tsquery;
END $$;
