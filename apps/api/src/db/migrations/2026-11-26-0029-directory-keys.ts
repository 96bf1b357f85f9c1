import { type Kysely, sql } from 'kysely';

/**
 * What the influencer directory (GET /influencers, modules/influencers/lists.ts) reads of other tables, kept on
 * each profile by triggers so that a page is read from the profiles alone:
 *
 * - `directory_listed`: the profile's user is an active influencer with a confirmed email (who the directory
 *   lists);
 * - `directory_first_name`, `directory_last_name`: the displayed names as the directory sorts them (the profile's
 *   own, else the user's, lower-cased), with an index each over the listed profiles in the default order;
 * - `directory_tags`: the profile's interests as the directory shows them (`{ id, name }` by name).
 *
 * Without them every page joined each listed profile to its user to filter and sort (a nested loop over all of
 * them: ~250 of the page statement's ~800 µs of database CPU on the demo data) and aggregated each row's
 * interests in a subquery (~150–200 µs).
 *
 * The triggers: a profile's keys are computed when it is written (its user read then); a change of the user's
 * type, status, confirmation or names writes them on its profile; a change of a profile's interests writes its
 * tags, and a renamed interest the tags of every profile that has it. Whoever writes (the API, the seeds, a test,
 * an operator's SQL) keeps them true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE influencer_profiles
      ADD COLUMN directory_listed boolean NOT NULL DEFAULT false,
      ADD COLUMN directory_first_name text,
      ADD COLUMN directory_last_name text,
      ADD COLUMN directory_tags jsonb NOT NULL DEFAULT '[]';

    CREATE FUNCTION influencer_directory_tags(profile_id bigint) RETURNS jsonb LANGUAGE sql STABLE AS $$
      SELECT coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'name', i.name) ORDER BY i.name), '[]')
      FROM influencer_interests ii JOIN interests i ON i.id = ii.interest_id
      WHERE ii.influencer_id = profile_id
    $$;

    CREATE FUNCTION influencer_profile_directory_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      u record;
    BEGIN
      SELECT type, status, email_confirmed_at, given_name, family_name INTO u FROM users WHERE id = NEW.user_id;
      NEW.directory_listed := coalesce(u.type = 'influencer' AND u.status = 'active'
        AND u.email_confirmed_at IS NOT NULL, false);
      NEW.directory_first_name := lower(coalesce(NEW.first_name, u.given_name));
      NEW.directory_last_name := lower(coalesce(NEW.last_name, u.family_name));
      RETURN NEW;
    END $$;
    CREATE TRIGGER influencer_profiles_directory_keys
      BEFORE INSERT OR UPDATE OF user_id, first_name, last_name ON influencer_profiles
      FOR EACH ROW EXECUTE FUNCTION influencer_profile_directory_keys();

    CREATE FUNCTION user_directory_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE influencer_profiles SET
        directory_listed = (NEW.type = 'influencer' AND NEW.status = 'active' AND NEW.email_confirmed_at IS NOT NULL),
        directory_first_name = lower(coalesce(first_name, NEW.given_name)),
        directory_last_name = lower(coalesce(last_name, NEW.family_name))
      WHERE user_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER users_directory_keys
      AFTER UPDATE OF type, status, email_confirmed_at, given_name, family_name ON users
      FOR EACH ROW
      WHEN ((OLD.type, OLD.status, OLD.email_confirmed_at IS NULL, OLD.given_name, OLD.family_name)
        IS DISTINCT FROM (NEW.type, NEW.status, NEW.email_confirmed_at IS NULL, NEW.given_name, NEW.family_name))
      EXECUTE FUNCTION user_directory_keys();

    CREATE FUNCTION influencer_interests_directory_tags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        UPDATE influencer_profiles SET directory_tags = influencer_directory_tags(id) WHERE id = OLD.influencer_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        UPDATE influencer_profiles SET directory_tags = influencer_directory_tags(id) WHERE id = NEW.influencer_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER influencer_interests_directory_tags
      AFTER INSERT OR UPDATE OR DELETE ON influencer_interests
      FOR EACH ROW EXECUTE FUNCTION influencer_interests_directory_tags();

    CREATE FUNCTION interest_directory_tags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE influencer_profiles p SET directory_tags = influencer_directory_tags(p.id)
      WHERE EXISTS (SELECT 1 FROM influencer_interests ii WHERE ii.influencer_id = p.id AND ii.interest_id = NEW.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER interests_directory_tags
      AFTER UPDATE OF name ON interests
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
      EXECUTE FUNCTION interest_directory_tags();

    UPDATE influencer_profiles p SET
      directory_listed = (u.type = 'influencer' AND u.status = 'active' AND u.email_confirmed_at IS NOT NULL),
      directory_first_name = lower(coalesce(p.first_name, u.given_name)),
      directory_last_name = lower(coalesce(p.last_name, u.family_name)),
      directory_tags = influencer_directory_tags(p.id)
    FROM users u WHERE u.id = p.user_id;

    CREATE INDEX influencer_profiles_directory_first_name ON influencer_profiles (directory_first_name, id)
      WHERE directory_listed;
    CREATE INDEX influencer_profiles_directory_last_name ON influencer_profiles (directory_last_name, id)
      WHERE directory_listed;
  `.execute(db);
}
