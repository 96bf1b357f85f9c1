import { type Kysely, sql } from 'kysely';

/**
 * Outreach you can follow (issue 12). `campaign_invitations` becomes the one outreach record per (campaign,
 * person) from every source — a CSV, a discovery list, or a discovered creator mailed from discovery — with
 * what became of it: the mail's delivery (`delivery`, `reason`, `sent_at`), the creator opening the invite link
 * (`opened_at`) and signing up through it (`signed_up_at`); accepted / declined follow its connection. Its old
 * `status` (pending / converted: waiting for a person to claim it, or linked to a connection) keeps its meaning.
 *
 * `mail_messages` is the transactional outbox of mail: a row is written in the transaction of its cause and
 * delivered after commit (at once, then by the `mail.send` job with backoff); `status` queued → sent | failed.
 *
 * Existing rows: the discovery invitations (`discovery_invites`, kept as the log of messages sent) become
 * records with delivery 'sent' (they were mailed inline); import invitations already linked to a connection
 * are 'in_app'; unmatched import invitations were never mailed: 'none', with that reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE campaign_invitations DROP CONSTRAINT campaign_invitations_source_check;
    ALTER TABLE campaign_invitations ADD CONSTRAINT campaign_invitations_source_check
      CHECK (source IN ('csv', 'list', 'discovery'));
    ALTER TABLE campaign_invitations
      ADD COLUMN modash_id text,
      ADD COLUMN name text,
      ADD COLUMN delivery text NOT NULL DEFAULT 'none'
        CONSTRAINT campaign_invitations_delivery_check
        CHECK (delivery IN ('none', 'queued', 'sent', 'bounced', 'failed', 'in_app')),
      ADD COLUMN reason text,
      ADD COLUMN sent_at timestamptz,
      ADD COLUMN opened_at timestamptz,
      ADD COLUMN signed_up_at timestamptz,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX campaign_invitations_campaign_idx ON campaign_invitations (campaign_id, created_at DESC, id DESC);
    CREATE INDEX campaign_invitations_business_idx ON campaign_invitations (business_id, created_at DESC, id DESC);

    UPDATE campaign_invitations SET delivery = 'in_app', updated_at = created_at WHERE connection_id IS NOT NULL;
    UPDATE campaign_invitations
       SET reason = 'Imported before invitations were mailed: not mailed.', updated_at = created_at
     WHERE connection_id IS NULL;

    INSERT INTO campaign_invitations (campaign_id, business_id, instagram_username, email, modash_id, source,
                                      delivery, sent_at, created_at, updated_at)
      SELECT DISTINCT ON (d.campaign_id, lower(d.email))
             d.campaign_id, d.business_id, d.username, d.email, d.modash_id, 'discovery',
             'sent', d.created_at, d.created_at, d.created_at
        FROM discovery_invites d
       ORDER BY d.campaign_id, lower(d.email), d.id
      ON CONFLICT DO NOTHING;

    CREATE TABLE mail_messages (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
      last_error text,
      -- Held by the one sender delivering it now (request or worker); a crashed sender's claim runs out.
      claimed_until timestamptz,
      job_id bigint REFERENCES jobs(id) ON DELETE SET NULL,
      invitation_id bigint REFERENCES campaign_invitations(id) ON DELETE SET NULL,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_messages_status_idx ON mail_messages (status, created_at);
    CREATE INDEX mail_messages_invitation_idx ON mail_messages (invitation_id) WHERE invitation_id IS NOT NULL;
  `.execute(db);
}
