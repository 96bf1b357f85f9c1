import { type Kysely, sql } from 'kysely';

/**
 * Money: the double-entry ledger, and the records of the payments provider around it (customers, saved cards,
 * charges, refunds, payout accounts, payouts), coupons, invoices and received webhook events.
 *
 * The ledger (DESIGN.md §4): integer cents; every ledger transaction has a unique idempotency key and two or
 * more postings that sum to zero (checked by a deferred constraint trigger when the database transaction
 * commits); ledger_accounts keeps each account's balance, updated in the same database transaction, and may
 * not go below zero unless the account is external. Ledger rows are never changed or deleted: the history of
 * a campaign outlives the campaign, so ledger rows carry plain ids, not foreign keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_accounts (
      account text PRIMARY KEY CHECK (account ~ '^[a-z]+(:[a-z0-9_]+)+$'),
      balance_cents bigint NOT NULL DEFAULT 0,
      allow_negative boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_accounts_not_negative CHECK (allow_negative OR balance_cents >= 0)
    );

    CREATE TABLE ledger_transactions (
      id bigserial PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      kind text NOT NULL CHECK (kind IN (
        'campaign_funding', 'post_payment', 'campaign_refund', 'payout', 'payout_reversal',
        'subscription_payment'
      )),
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      description text NOT NULL,
      business_id bigint,
      campaign_id bigint,
      influencer_user_id bigint,
      user_id bigint,
      reference_type text,
      reference_id bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_transactions_campaign_idx ON ledger_transactions (campaign_id, kind)
      WHERE campaign_id IS NOT NULL;
    CREATE INDEX ledger_transactions_influencer_idx ON ledger_transactions (influencer_user_id, created_at, id)
      WHERE influencer_user_id IS NOT NULL;

    CREATE TABLE ledger_postings (
      id bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      account text NOT NULL REFERENCES ledger_accounts(account),
      amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_postings_transaction_idx ON ledger_postings (transaction_id);
    CREATE INDEX ledger_postings_account_idx ON ledger_postings (account, id);

    CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (SELECT coalesce(sum(amount_cents), 0) FROM ledger_postings WHERE transaction_id = NEW.transaction_id) <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % does not balance', NEW.transaction_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();

    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
    END $$;
    CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

    -- The payments provider's customer for a user (Stripe customer id, or the built-in provider's own id).
    CREATE TABLE billing_customers (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      customer_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, provider),
      UNIQUE (provider, customer_id)
    );

    -- Saved cards: never the full number, only what a receipt shows.
    CREATE TABLE payment_methods (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_payment_method_id text NOT NULL,
      brand text NOT NULL CHECK (brand IN (
        'visa', 'mastercard', 'american_express', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'
      )),
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
      exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2200),
      holder_name text,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, provider_payment_method_id)
    );
    CREATE INDEX payment_methods_user_idx ON payment_methods (user_id, created_at);
    CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (user_id) WHERE is_default;

    CREATE TABLE invoices (
      id bigserial PRIMARY KEY,
      number text NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      subscription_id bigint REFERENCES subscriptions(id) ON DELETE SET NULL,
      plan text NOT NULL CHECK (plan IN ('pro', 'business')),
      description text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
      discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
      credit_cents bigint NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
      total_cents bigint NOT NULL CHECK (total_cents >= 0),
      coupon_code text,
      status text NOT NULL CHECK (status IN ('paid', 'open', 'void')),
      card_brand text,
      card_last4 text,
      provider text NOT NULL,
      provider_invoice_id text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      CHECK (total_cents = greatest(subtotal_cents - discount_cents - credit_cents, 0))
    );
    CREATE SEQUENCE invoice_number_seq;
    CREATE INDEX invoices_user_idx ON invoices (user_id, created_at);

    -- Every attempt to take money from a card, failed ones included.
    CREATE TABLE charges (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('campaign_funding', 'subscription')),
      campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
      invoice_id bigint REFERENCES invoices(id) ON DELETE SET NULL,
      description text NOT NULL,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      refunded_cents bigint NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      payment_method_id bigint REFERENCES payment_methods(id) ON DELETE SET NULL,
      card_brand text,
      card_last4 text,
      provider text NOT NULL,
      provider_charge_id text,
      failure_code text,
      failure_message text,
      idempotency_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      CHECK (refunded_cents BETWEEN 0 AND amount_cents)
    );
    CREATE INDEX charges_user_idx ON charges (user_id, created_at, id);
    CREATE INDEX charges_campaign_idx ON charges (campaign_id) WHERE campaign_id IS NOT NULL;
    CREATE INDEX charges_pending_idx ON charges (created_at) WHERE status = 'pending';
    CREATE UNIQUE INDEX charges_provider_charge_key ON charges (provider, provider_charge_id)
      WHERE provider_charge_id IS NOT NULL;
    -- One funding payment at a time per campaign.
    CREATE UNIQUE INDEX charges_one_pending_funding ON charges (campaign_id)
      WHERE status = 'pending' AND purpose = 'campaign_funding';

    CREATE TABLE refunds (
      id bigserial PRIMARY KEY,
      charge_id bigint NOT NULL REFERENCES charges(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      campaign_id bigint REFERENCES campaigns(id) ON DELETE SET NULL,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      reason text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      provider text NOT NULL,
      provider_refund_id text,
      failure_message text,
      idempotency_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE INDEX refunds_user_idx ON refunds (user_id, created_at, id);
    CREATE INDEX refunds_pending_idx ON refunds (created_at) WHERE status = 'pending';

    -- Where an influencer's withdrawals go (a bank account on the built-in provider, a Stripe Connect account).
    CREATE TABLE payout_accounts (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_account_id text NOT NULL,
      holder_name text NOT NULL,
      bank_name text,
      last4 text CHECK (last4 IS NULL OR last4 ~ '^[0-9]{4}$'),
      status text NOT NULL CHECK (status IN ('active', 'onboarding')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE payouts (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
      payout_account_id bigint REFERENCES payout_accounts(id) ON DELETE SET NULL,
      destination text NOT NULL,
      provider text NOT NULL,
      provider_transfer_id text,
      failure_message text,
      idempotency_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE INDEX payouts_user_idx ON payouts (user_id, created_at, id);
    CREATE INDEX payouts_pending_idx ON payouts (created_at) WHERE status = 'pending';

    CREATE TABLE coupons (
      id bigserial PRIMARY KEY,
      code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
      description text NOT NULL,
      percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
      amount_off_cents bigint CHECK (amount_off_cents > 0),
      expires_at timestamptz,
      max_redemptions integer CHECK (max_redemptions > 0),
      times_redeemed integer NOT NULL DEFAULT 0 CHECK (times_redeemed >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL)),
      CHECK (max_redemptions IS NULL OR times_redeemed <= max_redemptions)
    );
    CREATE UNIQUE INDEX coupons_code_key ON coupons (code);

    CREATE TABLE coupon_redemptions (
      id bigserial PRIMARY KEY,
      coupon_id bigint NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      invoice_id bigint REFERENCES invoices(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (coupon_id, user_id)
    );

    -- Provider webhook events already handled: a replayed event id changes nothing.
    CREATE TABLE webhook_events (
      id bigserial PRIMARY KEY,
      provider text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      object_id text,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, event_id)
    );

    CREATE INDEX subscriptions_provider_idx ON subscriptions (provider, provider_subscription_id)
      WHERE provider_subscription_id IS NOT NULL;
  `.execute(db);
}
