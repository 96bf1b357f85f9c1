import { type Expression, expressionBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../db/schema';

/**
 * An influencer's interests as a JSON array of `{ id, name }` ordered by name, for the profile whose id is
 * `profileId` (typically the outer query's column, `eb.ref('p.id')`). Select it with `.as('tags')`: the
 * directory, the current user's view and the admin user drawer all show the same list.
 */
export function influencerTags(profileId: Expression<number>) {
  return jsonArrayFrom(
    expressionBuilder<DB>()
      .selectFrom('influencer_interests as ii')
      .innerJoinLateral(
        (eb) => interestByKey(eb.ref('ii.interest_id')),
        (join) => join.onTrue(),
      )
      .select(['i.id', 'i.name'])
      .where('ii.influencer_id', '=', profileId)
      .orderBy('i.name'),
  );
}

/**
 * One interest (`i`: id and name) by its primary key, to join laterally to a row of a link table
 * (influencer_interests, campaign_interests). The OFFSET keeps PostgreSQL from flattening the subquery into a
 * join it may plan as a hash of every interest, built again for each profile or campaign of a page.
 */
export function interestByKey(interestId: Expression<number>) {
  return expressionBuilder<DB>()
    .selectFrom('interests')
    .select(['interests.id', 'interests.name'])
    .where('interests.id', '=', interestId)
    .offset(sql.lit(0))
    .as('i');
}
