//! The online feature's texts, from the app's one catalog (`messages/*.ftl`, the block
//! "Online play with friends"): connection states, offers, results, the deal's check,
//! invitations, the account, and every error a call can end with.

use rodina_protocol::{ApiErrorCode, WireError};
use rodina_rules::Variant;

use crate::error::OnlineError;
use crate::online::model::{
    ConnectionState, DealCheck, InviteOptions, OfflineReason, Rematch, SideChoice, TimeControl,
};
use crate::text::{Arg, Language, game_name, side_name, tr};

/// How a player without a name is shown.
pub(crate) fn guest(lang: Language) -> String {
    tr(lang, "online-guest", &[])
}

/// A player's bar for the person on this device: `Red · ann (you)`.
pub(crate) fn you(lang: Language, side: &str, name: &str) -> String {
    tr(lang, "online-you", &[("side", side.into()), ("name", name.into())])
}

/// The status line before the game's state has arrived.
pub(crate) fn waiting_for_state(lang: Language) -> String {
    tr(lang, "online-waiting-state", &[])
}

/// The status line while the player's move is on its way.
pub(crate) fn sending(lang: Language) -> String {
    tr(lang, "online-status-sending", &[])
}

/// The status line while the opponent is to move.
pub(crate) fn opponent_to_move(lang: Language, side: &str) -> String {
    tr(lang, "online-status-opponent", &[("side", side.into())])
}

/// The result of an aborted game.
pub(crate) fn aborted(lang: Language) -> String {
    tr(lang, "online-aborted", &[])
}

/// The player's own draw offer standing.
pub(crate) fn draw_offered_by_you(lang: Language) -> String {
    tr(lang, "online-draw-offered-by-you", &[])
}

/// The opponent's draw offer standing.
pub(crate) fn draw_offered_to_you(lang: Language) -> String {
    tr(lang, "online-draw-offered-to-you", &[])
}

/// A side's draw offer, as a spectator is told.
pub(crate) fn draw_offered_by(lang: Language, side: &str) -> String {
    tr(lang, "online-draw-offered-by", &[("side", side.into())])
}

/// The opponent is away; `claimable`: long enough to claim the win.
pub(crate) fn opponent_away(lang: Language, claimable: bool) -> String {
    let id = if claimable { "online-opponent-claimable" } else { "online-opponent-away" };
    tr(lang, id, &[])
}

/// A rematch, either way.
pub(crate) fn rematch(lang: Language, rematch: &Rematch) -> String {
    match rematch {
        Rematch::Offered { .. } => tr(lang, "online-rematch-offered", &[]),
        Rematch::Received { .. } => tr(lang, "online-rematch-received", &[]),
    }
}

/// The Jieqi deal's check.
pub(crate) fn deal(lang: Language, check: &DealCheck) -> String {
    match check {
        DealCheck::Pending => tr(lang, "online-deal-pending", &[]),
        DealCheck::Verified => tr(lang, "online-deal-verified", &[]),
        DealCheck::Failed { .. } => tr(lang, "online-deal-failed", &[]),
    }
}

/// The connection as said to the player; `None` while live.
pub fn connection(lang: Language, state: ConnectionState) -> Option<String> {
    Some(match state {
        ConnectionState::Live => return None,
        ConnectionState::Connecting => tr(lang, "online-connecting", &[]),
        ConnectionState::Reconnecting { retry_in_ms, .. } => {
            // Said in whole seconds, rounded up: "in 0 s" would be a lie.
            let seconds = i64::try_from(retry_in_ms.div_ceil(1000)).unwrap_or(i64::MAX);
            tr(lang, "online-reconnecting", &[("seconds", Arg::Number(seconds))])
        }
        ConnectionState::Offline { reason } => tr(
            lang,
            match reason {
                OfflineReason::Suspended => "online-offline-suspended",
                OfflineReason::Unreachable => "online-offline-unreachable",
                OfflineReason::SignedOut => "online-offline-signed-out",
                OfflineReason::GameGone => "online-offline-gone",
                OfflineReason::Outdated => "online-offline-outdated",
            },
            &[],
        ),
    })
}

/// What the server refused, as said to the player.
pub(crate) fn refused(lang: Language, code: WireError) -> String {
    let id = match code {
        WireError::NotYourTurn => "online-refused-not-your-turn",
        WireError::IllegalMove => "online-refused-illegal",
        WireError::GameOver => "online-refused-game-over",
        WireError::NoDrawOffer => "online-refused-no-draw-offer",
        WireError::TooLateToAbort => "online-refused-too-late-to-abort",
        WireError::NotClaimable => "online-refused-not-claimable",
        WireError::NotAPlayer => "online-refused-not-a-player",
        WireError::RateLimited => "online-refused-rate-limited",
        // What the client itself got wrong (a frame, a hello, a version): a defect of this
        // version, said as the server's failure is.
        WireError::Protocol
        | WireError::Malformed
        | WireError::TooLarge
        | WireError::NotHello
        | WireError::Internal => "online-refused-server",
    };
    tr(lang, id, &[])
}

/// The server's state could not be read.
pub(crate) fn bad_state(lang: Language, detail: &str) -> String {
    tr(lang, "online-bad-state", &[("detail", detail.into())])
}

/// An action asked for while not connected.
pub(crate) fn not_connected(lang: Language) -> String {
    tr(lang, "online-not-connected", &[])
}

/// A clock as a time control: `5+3`, `½+0`, `90+30`; `No clock` without one.
pub fn time_control_text(lang: Language, clock: Option<TimeControl>) -> String {
    let Some(c) = clock else { return tr(lang, "online-clock-none", &[]) };
    let minutes = match c.initial_ms {
        15_000 => "¼".to_owned(),
        30_000 => "½".to_owned(),
        45_000 => "¾".to_owned(),
        ms if ms % 60_000 == 0 => (ms / 60_000).to_string(),
        ms => format!("{:.1}", ms as f64 / 60_000.0),
    };
    let increment = match c.increment_ms {
        ms if ms % 1000 == 0 => (ms / 1000).to_string(),
        ms => format!("{:.1}", ms as f64 / 1000.0),
    };
    format!("{minutes}+{increment}")
}

/// A side choice's name: `Red`, `Black`, `Random`.
pub fn side_choice_name(lang: Language, variant: Variant, side: SideChoice) -> String {
    match side {
        SideChoice::First => side_name(lang, variant, rodina_rules::Color::White),
        SideChoice::Second => side_name(lang, variant, rodina_rules::Color::Black),
        SideChoice::Random => tr(lang, "online-side-random", &[]),
    }
}

/// An invitation's options in a line: `Xiangqi · 5+3 · you play Red`, for the one who sees
/// it: `mine` when the person on this device invites (the side is theirs), else the side
/// the friend plays.
pub(crate) fn invitation_summary(lang: Language, options: &InviteOptions, mine: bool) -> String {
    let variant = options.variant;
    let handicap = options.handicap.is_some();
    // A handicap's giver plays first whatever was chosen.
    let inviter_side = if handicap { SideChoice::First } else { options.side };
    let side = match (inviter_side, mine) {
        (SideChoice::Random, _) => tr(lang, "online-invite-side-drawn", &[]),
        (s, true) => tr(
            lang,
            "online-invite-you-play",
            &[("side", side_choice_name(lang, variant, s).into())],
        ),
        (s, false) => {
            let friend = match s {
                SideChoice::First => SideChoice::Second,
                _ => SideChoice::First,
            };
            tr(
                lang,
                "online-invite-you-play",
                &[("side", side_choice_name(lang, variant, friend).into())],
            )
        }
    };
    tr(
        lang,
        "online-invite-summary",
        &[
            ("game", game_name(lang, variant).into()),
            ("clock", time_control_text(lang, options.clock).into()),
            ("side", side.into()),
        ],
    )
}

/// What to send a friend: the game, the link and the code.
pub(crate) fn share_text(lang: Language, variant: Variant, link: &str, code: &str) -> String {
    tr(
        lang,
        "online-invite-share-text",
        &[("game", game_name(lang, variant).into()), ("link", link.into()), ("code", code.into())],
    )
}

/// What the app says of an online call's failure.
pub fn online_error_text(lang: Language, error: &OnlineError) -> String {
    let plain = |id: &str| tr(lang, id, &[]);
    match error {
        OnlineError::Network(_) => plain("online-error-network"),
        OnlineError::SignedOut => plain("online-error-signed-out"),
        OnlineError::PairingCode { expired: true } => plain("online-pairing-expired"),
        OnlineError::PairingCode { expired: false } => plain("online-pairing-unknown"),
        OnlineError::Unsent { pending } => {
            tr(lang, "online-error-unsent", &[("count", Arg::Number(i64::from(*pending)))])
        }
        OnlineError::Refused { code, message, retry_after_s, .. } => match code {
            ApiErrorCode::WrongPassword => plain("online-error-wrong-password"),
            ApiErrorCode::Forbidden => plain("online-error-forbidden"),
            ApiErrorCode::NotFound => plain("online-error-not-found"),
            ApiErrorCode::NameTaken => plain("online-error-name-taken"),
            ApiErrorCode::InvitationTaken => plain("online-error-invitation-taken"),
            ApiErrorCode::Expired => plain("online-error-expired"),
            ApiErrorCode::UnknownItem
            | ApiErrorCode::Foreign
            | ApiErrorCode::FromTheFuture
            | ApiErrorCode::Duplicate => plain("online-error-sync-refused"),
            ApiErrorCode::Protocol => plain("online-error-outdated"),
            ApiErrorCode::Unauthorized => plain("online-error-signed-out"),
            ApiErrorCode::RateLimited => {
                let s = i64::try_from(retry_after_s.unwrap_or(1)).unwrap_or(i64::MAX);
                tr(lang, "online-error-rate-limited", &[("seconds", Arg::Number(s))])
            }
            ApiErrorCode::BadRequest | ApiErrorCode::TooLarge => {
                tr(lang, "online-error-bad-request", &[("detail", message.as_str().into())])
            }
            ApiErrorCode::Internal => plain("online-error-server"),
        },
        OnlineError::BadAnswer(_) => plain("online-error-bad-answer"),
        OnlineError::InvalidInput(detail) => {
            tr(lang, "online-error-invalid", &[("detail", detail.as_str().into())])
        }
        OnlineError::Unsupported(detail) => {
            tr(lang, "error-unsupported", &[("detail", detail.as_str().into())])
        }
        OnlineError::Store(e) => tr(lang, "error-storage", &[("detail", e.to_string().into())]),
        OnlineError::Internal(detail) => {
            tr(lang, "error-internal", &[("detail", detail.as_str().into())])
        }
    }
}

/// The online screens' labels, each one message of the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnlineLabel {
    /// The entry on a game's page.
    Entry,
    /// Invite a friend (the create screen's title and button on the page).
    InviteTitle,
    /// Creates the invitation.
    InviteCreate,
    /// The side choice.
    InviteSide,
    /// The clock choice.
    InviteClock,
    /// Shares the code and the link.
    InviteShare,
    /// While the friend has not joined.
    InviteWaiting,
    /// Join a game (the join screen's title, the entry on the page).
    JoinTitle,
    /// The code field.
    JoinCode,
    /// Joins.
    JoinButton,
    /// Offers a draw.
    OfferDraw,
    /// Accepts the opponent's draw offer.
    AcceptDraw,
    /// Declines it.
    DeclineDraw,
    /// Resigns.
    Resign,
    /// Aborts.
    Abort,
    /// Claims the win.
    ClaimWin,
    /// Offers a rematch.
    Rematch,
    /// Accepts the opponent's rematch.
    AcceptRematch,
    /// The account screen's title.
    AccountTitle,
    /// The name field.
    AccountName,
    /// The password field.
    AccountPassword,
    /// The current password field.
    AccountCurrentPassword,
    /// Saves the name.
    AccountSetName,
    /// Signs in.
    AccountSignIn,
    /// Signs out.
    AccountSignOut,
    /// Why to give the account a name.
    AccountGuestHint,
    /// The sync screen's title ("Progress on your devices").
    SyncTitle,
    /// Syncs now.
    SyncNow,
    /// Shows a pairing code for another device.
    PairingShow,
    /// Types another device's pairing code.
    PairingEnter,
    /// The pairing code field.
    PairingCode,
}

impl OnlineLabel {
    /// Every label.
    pub const ALL: [OnlineLabel; 31] = [
        OnlineLabel::Entry,
        OnlineLabel::InviteTitle,
        OnlineLabel::InviteCreate,
        OnlineLabel::InviteSide,
        OnlineLabel::InviteClock,
        OnlineLabel::InviteShare,
        OnlineLabel::InviteWaiting,
        OnlineLabel::JoinTitle,
        OnlineLabel::JoinCode,
        OnlineLabel::JoinButton,
        OnlineLabel::OfferDraw,
        OnlineLabel::AcceptDraw,
        OnlineLabel::DeclineDraw,
        OnlineLabel::Resign,
        OnlineLabel::Abort,
        OnlineLabel::ClaimWin,
        OnlineLabel::Rematch,
        OnlineLabel::AcceptRematch,
        OnlineLabel::AccountTitle,
        OnlineLabel::AccountName,
        OnlineLabel::AccountPassword,
        OnlineLabel::AccountCurrentPassword,
        OnlineLabel::AccountSetName,
        OnlineLabel::AccountSignIn,
        OnlineLabel::AccountSignOut,
        OnlineLabel::AccountGuestHint,
        OnlineLabel::SyncTitle,
        OnlineLabel::SyncNow,
        OnlineLabel::PairingShow,
        OnlineLabel::PairingEnter,
        OnlineLabel::PairingCode,
    ];

    /// The message id.
    pub const fn id(self) -> &'static str {
        match self {
            OnlineLabel::Entry => "online-entry",
            OnlineLabel::InviteTitle => "online-invite-title",
            OnlineLabel::InviteCreate => "online-invite-create",
            OnlineLabel::InviteSide => "online-invite-side",
            OnlineLabel::InviteClock => "online-invite-clock",
            OnlineLabel::InviteShare => "online-invite-share",
            OnlineLabel::InviteWaiting => "online-invite-waiting",
            OnlineLabel::JoinTitle => "online-join-title",
            OnlineLabel::JoinCode => "online-join-code",
            OnlineLabel::JoinButton => "online-join-button",
            OnlineLabel::OfferDraw => "online-offer-draw",
            OnlineLabel::AcceptDraw => "online-accept-draw",
            OnlineLabel::DeclineDraw => "online-decline-draw",
            OnlineLabel::Resign => "online-resign",
            OnlineLabel::Abort => "online-abort",
            OnlineLabel::ClaimWin => "online-claim-win",
            OnlineLabel::Rematch => "online-rematch",
            OnlineLabel::AcceptRematch => "online-accept-rematch",
            OnlineLabel::AccountTitle => "online-account-title",
            OnlineLabel::AccountName => "online-account-name",
            OnlineLabel::AccountPassword => "online-account-password",
            OnlineLabel::AccountCurrentPassword => "online-account-current-password",
            OnlineLabel::AccountSetName => "online-account-set-name",
            OnlineLabel::AccountSignIn => "online-account-sign-in",
            OnlineLabel::AccountSignOut => "online-account-sign-out",
            OnlineLabel::AccountGuestHint => "online-account-guest-hint",
            OnlineLabel::SyncTitle => "sync-title",
            OnlineLabel::SyncNow => "sync-now",
            OnlineLabel::PairingShow => "sync-pairing-show",
            OnlineLabel::PairingEnter => "sync-pairing-enter",
            OnlineLabel::PairingCode => "sync-pairing-code",
        }
    }
}

/// An online screen's label.
pub fn online_label(lang: Language, label: OnlineLabel) -> String {
    tr(lang, label.id(), &[])
}

/// The online screen's title: `Xiangqi online`.
pub fn online_title(lang: Language, variant: Variant) -> String {
    tr(lang, "online-title", &[("game", game_name(lang, variant).into())])
}

/// The join screen's line about an invitation: `ann invites you: Xiangqi · 5+3 · you play
/// Black`.
pub(crate) fn invited_by(lang: Language, inviter: &str, summary: &str) -> String {
    tr(lang, "online-join-from", &[("name", inviter.into()), ("summary", summary.into())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::format_checked;

    #[test]
    fn every_online_text_is_in_both_languages() {
        for lang in Language::ALL {
            for label in OnlineLabel::ALL {
                let (t, errors) = format_checked(lang, label.id(), &[]);
                assert!(errors.is_empty() && !t.is_empty(), "{lang} {label:?}: {errors:?}");
            }
            let states = [
                ConnectionState::Connecting,
                ConnectionState::Reconnecting { attempt: 2, retry_in_ms: 1500 },
                ConnectionState::Offline { reason: OfflineReason::Suspended },
                ConnectionState::Offline { reason: OfflineReason::Unreachable },
                ConnectionState::Offline { reason: OfflineReason::SignedOut },
                ConnectionState::Offline { reason: OfflineReason::GameGone },
                ConnectionState::Offline { reason: OfflineReason::Outdated },
            ];
            let texts: std::collections::BTreeSet<String> =
                states.iter().filter_map(|s| connection(lang, *s)).collect();
            assert_eq!(texts.len(), states.len(), "{lang}: each state says something of its own");
            assert_eq!(connection(lang, ConnectionState::Live), None);
        }
        let en = connection(
            Language::English,
            ConnectionState::Reconnecting { attempt: 1, retry_in_ms: 1200 },
        );
        assert_eq!(en.as_deref(), Some("Connection lost: trying again in 2 s…"));
        let sk = connection(
            Language::Slovak,
            ConnectionState::Reconnecting { attempt: 1, retry_in_ms: 5000 },
        );
        assert_eq!(sk.as_deref(), Some("Spojenie sa prerušilo: ďalší pokus o 5 s…"));
    }

    #[test]
    fn time_controls_read_as_players_write_them() {
        let tc = |initial_ms, increment_ms| Some(TimeControl { initial_ms, increment_ms });
        assert_eq!(time_control_text(Language::English, tc(300_000, 3_000)), "5+3");
        assert_eq!(time_control_text(Language::English, tc(30_000, 0)), "½+0");
        assert_eq!(time_control_text(Language::English, tc(90_000, 500)), "1.5+0.5");
        assert_eq!(time_control_text(Language::English, None), "No clock");
        assert_eq!(time_control_text(Language::Slovak, None), "Bez hodín");
    }

    #[test]
    fn an_invitation_says_who_plays_what_to_each_of_the_two() {
        let mut o = InviteOptions::new(Variant::Xiangqi);
        o.side = SideChoice::First;
        o.clock = Some(TimeControl { initial_ms: 300_000, increment_ms: 3000 });
        assert_eq!(invitation_summary(Language::English, &o, true), "Xiangqi · 5+3 · you play Red");
        assert_eq!(
            invitation_summary(Language::English, &o, false),
            "Xiangqi · 5+3 · you play Black"
        );
        o.side = SideChoice::Random;
        assert_eq!(
            invitation_summary(Language::English, &o, false),
            "Xiangqi · 5+3 · sides drawn at random"
        );
        let share =
            share_text(Language::Slovak, Variant::Jieqi, "rodina://join/ABCDEFGH", "ABCDEFGH");
        assert!(share.contains("rodina://join/ABCDEFGH") && share.contains("ABCDEFGH"), "{share}");
    }

    #[test]
    fn every_error_and_refusal_says_something_in_both_languages() {
        let codes = [
            ApiErrorCode::BadRequest,
            ApiErrorCode::Unauthorized,
            ApiErrorCode::WrongPassword,
            ApiErrorCode::Forbidden,
            ApiErrorCode::NotFound,
            ApiErrorCode::NameTaken,
            ApiErrorCode::InvitationTaken,
            ApiErrorCode::Expired,
            ApiErrorCode::TooLarge,
            ApiErrorCode::Protocol,
            ApiErrorCode::RateLimited,
            ApiErrorCode::Internal,
            ApiErrorCode::UnknownItem,
            ApiErrorCode::Foreign,
            ApiErrorCode::FromTheFuture,
            ApiErrorCode::Duplicate,
        ];
        for lang in Language::ALL {
            for code in codes {
                let e = OnlineError::Refused {
                    code,
                    message: "m".into(),
                    retry_after_s: Some(3),
                    index: None,
                };
                let t = online_error_text(lang, &e);
                assert!(!t.is_empty() && !t.contains('{'), "{lang} {code:?}: {t}");
            }
            for e in [
                OnlineError::Network("x".into()),
                OnlineError::BadAnswer("x".into()),
                OnlineError::InvalidInput("x".into()),
                OnlineError::SignedOut,
                OnlineError::Unsent { pending: 3 },
                OnlineError::PairingCode { expired: true },
                OnlineError::PairingCode { expired: false },
            ] {
                assert!(!online_error_text(lang, &e).is_empty());
            }
            for code in [
                WireError::NotYourTurn,
                WireError::IllegalMove,
                WireError::GameOver,
                WireError::NoDrawOffer,
                WireError::TooLateToAbort,
                WireError::NotClaimable,
                WireError::NotAPlayer,
                WireError::RateLimited,
                WireError::Internal,
            ] {
                assert!(!refused(lang, code).is_empty());
            }
        }
        let e = OnlineError::Refused {
            code: ApiErrorCode::RateLimited,
            message: String::new(),
            retry_after_s: Some(42),
            index: None,
        };
        assert_eq!(online_error_text(Language::English, &e), "Too many tries: wait 42 s.");
    }
}
