//! The new-game form: what a player chooses before a game, which of its fields apply to the
//! game chosen, and the [`NewGame`] options it starts. Both apps draw the same form from
//! this, so they offer the same choices and start the same games.

use rodina_engine::Level;
use rodina_rules::jieqi::RuleSet;
use rodina_rules::xiangqi::Handicap;
use rodina_rules::{Color, Variant};

use crate::model::{NewGame, Player};

/// Who gives a Xiangqi handicap against a bot. The giver plays Red and moves first (the
/// source page: "it can be given by the bot or by you").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapGiver {
    /// The person gives it: the person plays Red, without the pieces given.
    Person,
    /// The bot gives it: the bot plays Red, without the pieces given.
    Bot,
}

/// The form's choices. Choices that do not apply to the game chosen (a handicap in Jeson
/// Mor, a rule set in Xiangqi) are kept, so that going back to that game finds them again,
/// and are left out of the game started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    /// The game.
    pub variant: Variant,
    /// The bot's level; `None`: a friend on this device.
    pub bot: Option<Level>,
    /// The side the person plays against a bot (unless a handicap decides it).
    pub person_side: Color,
    /// A handicap (Xiangqi).
    pub handicap: Option<Handicap>,
    /// Who gives the handicap against a bot.
    pub giver: HandicapGiver,
    /// The rule set (Jieqi).
    pub rule_set: RuleSet,
}

/// Which of the form's fields to show for the choices made so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormFields {
    /// The bot's level: against a bot.
    pub level: bool,
    /// The person's side: against a bot, unless a handicap decides it.
    pub side: bool,
    /// The handicap: Xiangqi.
    pub handicap: bool,
    /// Who gives the handicap: Xiangqi against a bot with a handicap.
    pub giver: bool,
    /// The rule set: Jieqi.
    pub rule_set: bool,
}

impl NewGameForm {
    /// The form as it opens for `variant`: against a friend, no handicap, the default rules.
    pub fn new(variant: Variant) -> NewGameForm {
        NewGameForm {
            variant,
            bot: None,
            person_side: Color::White,
            handicap: None,
            giver: HandicapGiver::Person,
            rule_set: RuleSet::Default,
        }
    }

    /// The handicap that applies: only Xiangqi has handicaps.
    fn applied_handicap(&self) -> Option<Handicap> {
        self.handicap.filter(|_| self.variant == Variant::Xiangqi)
    }

    /// The fields to show.
    pub fn fields(&self) -> FormFields {
        let bot = self.bot.is_some();
        let handicap = self.applied_handicap().is_some();
        FormFields {
            level: bot,
            side: bot && !handicap,
            handicap: self.variant == Variant::Xiangqi,
            giver: bot && handicap,
            rule_set: self.variant == Variant::Jieqi,
        }
    }

    /// The side the person plays against the bot; `None` against a friend.
    pub fn person_plays(&self) -> Option<Color> {
        self.bot?;
        Some(match (self.applied_handicap(), self.giver) {
            (Some(_), HandicapGiver::Person) => Color::White,
            (Some(_), HandicapGiver::Bot) => Color::Black,
            (None, _) => self.person_side,
        })
    }

    /// The options of the game the form starts.
    pub fn new_game(&self) -> NewGame {
        let (first, second) = match (self.bot, self.person_plays()) {
            (Some(level), Some(Color::Black)) => {
                (Player::Bot { level: level.id().to_owned() }, Player::Person)
            }
            (Some(level), _) => (Player::Person, Player::Bot { level: level.id().to_owned() }),
            (None, _) => (Player::Person, Player::Person),
        };
        NewGame {
            variant: self.variant,
            handicap: self.applied_handicap().map(|h| h.name().to_owned()),
            fen: None,
            rule_set: (self.variant == Variant::Jieqi).then(|| self.rule_set.name().to_owned()),
            first,
            second,
            bot_seed: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Session;

    #[test]
    fn a_handicap_against_a_bot_seats_its_giver_as_red() {
        let mut form = NewGameForm::new(Variant::Xiangqi);
        form.bot = Some(Level::Casual);
        form.person_side = Color::Black;
        form.handicap = Some(Handicap::Chariot);
        form.giver = HandicapGiver::Person;
        assert_eq!(form.person_plays(), Some(Color::White), "the giver plays Red");
        let game = form.new_game();
        assert_eq!((game.first, game.second.clone()), (Player::Person, game.second));
        assert!(!form.fields().side && form.fields().giver);

        form.giver = HandicapGiver::Bot;
        let game = form.new_game();
        assert_eq!(game.first, Player::Bot { level: "casual".into() });
        assert_eq!(game.second, Player::Person);
        assert_eq!(game.handicap.as_deref(), Some("chariot"));
        // The bot, playing Red, really is without its chariot and moves first.
        let session = Session::new(game).expect("starts");
        assert!(
            session
                .fen()
                .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w")
        );
        assert_eq!(session.bot_level(Color::White), Some(Level::Casual));
    }

    #[test]
    fn without_a_handicap_the_person_picks_the_side() {
        let mut form = NewGameForm::new(Variant::Jieqi);
        form.bot = Some(Level::Novice);
        form.person_side = Color::Black;
        // A handicap chosen for Xiangqi does not follow the player into Jieqi.
        form.handicap = Some(Handicap::Horse);
        form.rule_set = RuleSet::Tencent;
        let fields = form.fields();
        assert!(
            fields.side && fields.level && fields.rule_set && !fields.handicap && !fields.giver
        );
        let game = form.new_game();
        assert_eq!(game.first, Player::Bot { level: "novice".into() });
        assert_eq!(game.handicap, None);
        assert_eq!(game.rule_set.as_deref(), Some("tencent"));
        Session::new(game).expect("starts");
    }

    #[test]
    fn against_a_friend_both_seats_are_people_and_rules_stay_with_their_game() {
        for &variant in Variant::ALL {
            let mut form = NewGameForm::new(variant);
            form.rule_set = RuleSet::PyChess;
            form.handicap = Some(Handicap::Cannon);
            let fields = form.fields();
            assert!(!fields.level && !fields.side && !fields.giver);
            assert_eq!(form.person_plays(), None);
            let game = form.new_game();
            assert_eq!((&game.first, &game.second), (&Player::Person, &Player::Person));
            assert_eq!(game.rule_set.is_some(), variant == Variant::Jieqi);
            assert_eq!(game.handicap.is_some(), variant == Variant::Xiangqi);
            let session = Session::new(game).expect("every game starts from its form");
            assert_eq!(session.variant(), variant);
        }
    }
}
