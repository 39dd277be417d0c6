//! The tables, as diesel sees them. Written by hand to match both `migrations/sqlite` and
//! `migrations/postgres` (portable types only: text ids, JSON as text, timestamps, bigint).

diesel::table! {
    users (id) {
        id -> Text,
        email -> Text,
        display_name -> Text,
        password_hash -> Text,
        created_at -> Timestamp,
        email_verified_at -> Nullable<Timestamp>,
        mail_pref -> Text,
        time_zone -> Text,
        lang -> Text,
        next_digest_at -> Nullable<Timestamp>,
        vacation_start -> Nullable<Timestamp>,
        vacation_end -> Nullable<Timestamp>,
        vacation_year -> BigInt,
        vacation_used_secs -> BigInt,
        credentials_epoch -> BigInt,
        bot_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Text,
        user_id -> Text,
        name -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
        scopes -> Text,
        expires_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(api_tokens -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, api_tokens);

diesel::table! {
    games (id) {
        id -> Text,
        kind -> Text,
        options -> Text,
        seat_count -> BigInt,
        random_seats -> Bool,
        status -> Text,
        created_by -> Text,
        join_code -> Text,
        seed -> Text,
        seed_commitment -> Text,
        players -> BigInt,
        seq -> BigInt,
        state -> Nullable<Text>,
        state_seq -> BigInt,
        to_act -> Text,
        outcome -> Nullable<Text>,
        created_at -> Timestamp,
        started_at -> Nullable<Timestamp>,
        ended_at -> Nullable<Timestamp>,
        updated_at -> Timestamp,
        turn_seconds -> BigInt,
        timeout_policy -> Text,
        seed_scheme -> BigInt,
        watchers -> Text,
        engine_version -> Nullable<BigInt>,
        stand_in_level -> Text,
    }
}

diesel::table! {
    seats (game_id, user_id) {
        game_id -> Text,
        user_id -> Text,
        seat -> Nullable<BigInt>,
        joined_at -> Timestamp,
        forfeited_at -> Nullable<Timestamp>,
        player_seed -> Nullable<Text>,
        player_seed_by -> Nullable<Text>,
        resigned_at -> Nullable<Timestamp>,
        bot -> Nullable<Text>,
        stand_in_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    invites (game_id, email) {
        game_id -> Text,
        email -> Text,
        invited_by -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    turns (game_id, seq) {
        game_id -> Text,
        seq -> BigInt,
        seat -> BigInt,
        user_id -> Text,
        turn -> Text,
        notation -> Text,
        events -> Text,
        created_at -> Timestamp,
        source -> Text,
        sealed_for -> Nullable<BigInt>,
    }
}

diesel::table! {
    messages (id) {
        id -> Text,
        game_id -> Text,
        user_id -> Text,
        seat -> Nullable<BigInt>,
        at_seq -> BigInt,
        body -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    idempotency (user_id, idem_key) {
        user_id -> Text,
        idem_key -> Text,
        request_hash -> Text,
        status -> BigInt,
        response -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    outbox (id) {
        id -> Text,
        dedupe_key -> Nullable<Text>,
        template -> Text,
        user_id -> Nullable<Text>,
        to_addr -> Text,
        to_name -> Nullable<Text>,
        game_id -> Nullable<Text>,
        seq -> Nullable<BigInt>,
        data -> Text,
        created_at -> Timestamp,
        attempts -> BigInt,
        next_attempt_at -> Timestamp,
        lease_owner -> Nullable<Text>,
        lease_until -> Nullable<Timestamp>,
        sent_at -> Nullable<Timestamp>,
        failed_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        superseded_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    deadlines (game_id, seat) {
        game_id -> Text,
        seat -> BigInt,
        user_id -> Text,
        seq -> BigInt,
        started_at -> Timestamp,
        due_at -> Timestamp,
        remind_at -> Nullable<Timestamp>,
        expired_at -> Nullable<Timestamp>,
        lease_owner -> Nullable<Text>,
        lease_until -> Nullable<Timestamp>,
    }
}

diesel::table! {
    mail_suppressions (email) {
        email -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    invite_log (invited_by, email) {
        invited_by -> Text,
        email -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(seats -> games (game_id));
diesel::joinable!(deadlines -> games (game_id));
diesel::joinable!(seats -> users (user_id));
diesel::joinable!(turns -> games (game_id));
diesel::joinable!(invites -> games (game_id));
diesel::joinable!(messages -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(
    games,
    seats,
    invites,
    turns,
    messages,
    idempotency,
    outbox,
    deadlines,
    users
);

diesel::table! {
    decks (id) {
        id -> Text,
        owner_id -> Text,
        name -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    deck_cards (deck_id, n) {
        deck_id -> Text,
        n -> BigInt,
        title -> Text,
        png -> Binary,
    }
}

diesel::joinable!(deck_cards -> decks (deck_id));
diesel::allow_tables_to_appear_in_same_query!(decks, deck_cards);

diesel::table! {
    inbound_mail (message_id) {
        message_id -> Text,
        received_at -> Timestamp,
        from_addr -> Nullable<Text>,
        game_id -> Nullable<Text>,
        seat -> Nullable<BigInt>,
        seq -> Nullable<BigInt>,
        outcome -> Text,
        detail -> Nullable<Text>,
        answered -> Bool,
    }
}

diesel::table! {
    web_sessions (id) {
        id -> Text,
        user_id -> Text,
        csrf_token -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(web_sessions -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(web_sessions, users);

diesel::table! {
    game_spectators (game_id, email) {
        game_id -> Text,
        email -> Text,
        invited_by -> Text,
        created_at -> Timestamp,
    }
}

diesel::joinable!(game_spectators -> games (game_id));
diesel::allow_tables_to_appear_in_same_query!(game_spectators, games);
diesel::allow_tables_to_appear_in_same_query!(game_spectators, seats);

diesel::table! {
    events (id) {
        id -> BigInt,
        user_id -> Nullable<Text>,
        game_id -> Nullable<Text>,
        kind -> Text,
        data -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    queued_turns (game_id, seat, position) {
        game_id -> Text,
        seat -> BigInt,
        position -> BigInt,
        user_id -> Text,
        turn -> Text,
        notation -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    calendar_feeds (user_id) {
        user_id -> Text,
        token_hash -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    webhooks (id) {
        id -> Text,
        user_id -> Text,
        game_id -> Nullable<Text>,
        url -> Text,
        format -> Text,
        events -> Nullable<Text>,
        secret -> Text,
        since_event -> BigInt,
        created_at -> Timestamp,
        consecutive_failures -> BigInt,
        last_error -> Nullable<Text>,
        last_attempt_at -> Nullable<Timestamp>,
        last_success_at -> Nullable<Timestamp>,
        disabled_at -> Nullable<Timestamp>,
        disabled_reason -> Nullable<Text>,
        failing_since -> Nullable<Timestamp>,
        retry_at -> Nullable<Timestamp>,
        dropped -> BigInt,
        dropped_untold -> BigInt,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> Text,
        webhook_id -> Text,
        event_id -> Nullable<BigInt>,
        kind -> Text,
        data -> Text,
        created_at -> Timestamp,
        attempts -> BigInt,
        next_attempt_at -> Timestamp,
        lease_owner -> Nullable<Text>,
        lease_until -> Nullable<Timestamp>,
        delivered_at -> Nullable<Timestamp>,
        failed_at -> Nullable<Timestamp>,
        last_status -> Nullable<BigInt>,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    webhook_cursor (id) {
        id -> Integer,
        last_event_id -> BigInt,
    }
}

diesel::joinable!(webhook_deliveries -> webhooks (webhook_id));
diesel::allow_tables_to_appear_in_same_query!(webhooks, webhook_deliveries, events);

diesel::table! {
    talk_mail_prefs (user_id) {
        user_id -> Text,
        mode -> Text,
    }
}

diesel::table! {
    rematches (game_id) {
        game_id -> Text,
        new_game_id -> Text,
        proposed_by -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    game_visits (user_id, game_id) {
        user_id -> Text,
        game_id -> Text,
        seq -> BigInt,
        visited_at -> Timestamp,
    }
}
