//! Records and enums as Kotlin and Swift see them, each mirroring a core type with `From`
//! conversions (the core types stay free of UniFFI).

use rodina_app as app;
use rodina_rules as rules;

use crate::text::Language;

/// A game of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Variant {
    /// Xiangqi, Chinese chess.
    Xiangqi,
    /// Jieqi, Xiangqi with the pieces shuffled face down (its rules are in the core; the app
    /// refuses a session of it until its board is wired in `rodina-app`).
    Jieqi,
    /// Jeson Mor, the Mongolian game of nine knights (its rules are in the core; the app
    /// refuses a session of it until its board is wired in `rodina-app`).
    JesonMor,
    /// Friendly chess (Paco Ŝako), where pieces bond instead of capturing (rules in the core;
    /// not yet wired in `rodina-app`).
    Friendly,
}

impl From<rules::Variant> for Variant {
    fn from(v: rules::Variant) -> Self {
        match v {
            rules::Variant::Xiangqi => Variant::Xiangqi,
            rules::Variant::Jieqi => Variant::Jieqi,
            rules::Variant::JesonMor => Variant::JesonMor,
            rules::Variant::Friendly => Variant::Friendly,
        }
    }
}

impl From<Variant> for rules::Variant {
    fn from(v: Variant) -> Self {
        match v {
            Variant::Xiangqi => rules::Variant::Xiangqi,
            Variant::Jieqi => rules::Variant::Jieqi,
            Variant::JesonMor => rules::Variant::JesonMor,
            Variant::Friendly => rules::Variant::Friendly,
        }
    }
}

/// One side of a game: `First` moves first (Red in Xiangqi), `Second` is Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Side {
    /// The side that moves first (Red in the Xiangqi family, White in Friendly chess).
    First,
    /// The side that moves second (Black).
    Second,
}

impl From<rules::Color> for Side {
    fn from(c: rules::Color) -> Self {
        match c {
            rules::Color::White => Side::First,
            rules::Color::Black => Side::Second,
        }
    }
}

impl From<Side> for rules::Color {
    fn from(s: Side) -> Self {
        match s {
            Side::First => rules::Color::White,
            Side::Second => rules::Color::Black,
        }
    }
}

/// A point of the board: file 0 is the first player's leftmost, rank 0 their back rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Point {
    /// File, 0 = the first player's leftmost.
    pub file: u8,
    /// Rank, 0 = the first player's back rank.
    pub rank: u8,
}

impl From<app::Point> for Point {
    fn from(p: app::Point) -> Self {
        Point { file: p.file, rank: p.rank }
    }
}

impl From<Point> for app::Point {
    fn from(p: Point) -> Self {
        app::Point::new(p.file, p.rank)
    }
}

/// What a piece is, for drawing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PieceKind {
    /// Xiangqi general (king).
    General,
    /// Xiangqi advisor.
    Advisor,
    /// Xiangqi elephant.
    Elephant,
    /// Xiangqi horse.
    Horse,
    /// Xiangqi chariot.
    Chariot,
    /// Xiangqi cannon.
    Cannon,
    /// Xiangqi soldier.
    Soldier,
    /// A knight (Jeson Mor's only piece; Friendly chess).
    Knight,
    /// Friendly chess king.
    King,
    /// Friendly chess queen.
    Queen,
    /// Friendly chess rook.
    Rook,
    /// Friendly chess bishop.
    Bishop,
    /// Friendly chess pawn.
    Pawn,
}

impl From<app::PieceKind> for PieceKind {
    fn from(k: app::PieceKind) -> Self {
        match k {
            app::PieceKind::General => PieceKind::General,
            app::PieceKind::Advisor => PieceKind::Advisor,
            app::PieceKind::Elephant => PieceKind::Elephant,
            app::PieceKind::Horse => PieceKind::Horse,
            app::PieceKind::Chariot => PieceKind::Chariot,
            app::PieceKind::Cannon => PieceKind::Cannon,
            app::PieceKind::Soldier => PieceKind::Soldier,
            app::PieceKind::Knight => PieceKind::Knight,
            app::PieceKind::King => PieceKind::King,
            app::PieceKind::Queen => PieceKind::Queen,
            app::PieceKind::Rook => PieceKind::Rook,
            app::PieceKind::Bishop => PieceKind::Bishop,
            app::PieceKind::Pawn => PieceKind::Pawn,
        }
    }
}

impl From<PieceKind> for app::PieceKind {
    fn from(k: PieceKind) -> Self {
        match k {
            PieceKind::General => app::PieceKind::General,
            PieceKind::Advisor => app::PieceKind::Advisor,
            PieceKind::Elephant => app::PieceKind::Elephant,
            PieceKind::Horse => app::PieceKind::Horse,
            PieceKind::Chariot => app::PieceKind::Chariot,
            PieceKind::Cannon => app::PieceKind::Cannon,
            PieceKind::Soldier => app::PieceKind::Soldier,
            PieceKind::Knight => app::PieceKind::Knight,
            PieceKind::King => app::PieceKind::King,
            PieceKind::Queen => app::PieceKind::Queen,
            PieceKind::Rook => app::PieceKind::Rook,
            PieceKind::Bishop => app::PieceKind::Bishop,
            PieceKind::Pawn => app::PieceKind::Pawn,
        }
    }
}

/// A piece as the viewer may see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What it is (for a face-down piece: what it moves as; its identity is never shown).
    pub kind: PieceKind,
    /// Whether it lies face down (Jieqi): draw its back.
    pub face_down: bool,
}

impl From<Piece> for app::PieceView {
    fn from(p: Piece) -> Self {
        app::PieceView { side: p.side.into(), kind: p.kind.into(), face_down: p.face_down }
    }
}

impl From<app::PieceView> for Piece {
    fn from(p: app::PieceView) -> Self {
        Piece { side: p.side.into(), kind: p.kind.into(), face_down: p.face_down }
    }
}

/// What to highlight on one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Highlights {
    /// The selected piece stands here.
    pub selected: bool,
    /// The selected piece can move here.
    pub target: bool,
    /// The selected piece can move here and capture what stands here.
    pub capture: bool,
    /// The last move started here.
    pub last_from: bool,
    /// The last move ended here.
    pub last_to: bool,
    /// A general (king) in check stands here.
    pub check: bool,
    /// A point with a meaning of its own in the rules (Jeson Mor's centre).
    pub special: bool,
    /// A puzzle's hint: the next move starts here (never set in a game).
    pub hint: bool,
    /// A course exercise's target not yet collected: a point to reach or a piece to take
    /// (never set in a game or a puzzle).
    pub goal: bool,
}

impl From<app::Highlights> for Highlights {
    fn from(h: app::Highlights) -> Self {
        Highlights {
            selected: h.selected,
            target: h.target,
            capture: h.capture,
            last_from: h.last_from,
            last_to: h.last_to,
            check: h.check,
            special: h.special,
            hint: h.hint,
            goal: h.goal,
        }
    }
}

/// One point of the board view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PointView {
    /// The point.
    pub point: Point,
    /// The piece standing here.
    pub piece: Option<Piece>,
    /// A second piece on the same point (a bond in Friendly chess).
    pub partner: Option<Piece>,
    /// What to highlight.
    pub highlights: Highlights,
}

impl From<app::PointView> for PointView {
    fn from(p: app::PointView) -> Self {
        PointView {
            point: p.point.into(),
            piece: p.piece.map(Piece::from),
            partner: p.partner.map(Piece::from),
            highlights: p.highlights.into(),
        }
    }
}

/// Who the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Awaiting {
    /// A person on this device may move `side`: taps are accepted.
    Person {
        /// The side to move.
        side: Side,
    },
    /// A bot is to move `side`: taps are refused until it has played.
    Bot {
        /// The side to move.
        side: Side,
    },
    /// Hand the device to the person playing `side` before showing the board.
    HandOver {
        /// The side to move.
        side: Side,
    },
    /// A person elsewhere (online) plays `side` and is to move: taps are refused until
    /// their move arrives.
    Opponent {
        /// The side to move.
        side: Side,
    },
    /// The game is over.
    Nobody,
}

impl From<app::Awaiting> for Awaiting {
    fn from(a: app::Awaiting) -> Self {
        match a {
            app::Awaiting::Person(c) => Awaiting::Person { side: c.into() },
            app::Awaiting::Bot(c) => Awaiting::Bot { side: c.into() },
            app::Awaiting::HandOver(c) => Awaiting::HandOver { side: c.into() },
            app::Awaiting::Opponent(c) => Awaiting::Opponent { side: c.into() },
            app::Awaiting::Nobody => Awaiting::Nobody,
        }
    }
}

/// A move played, as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct MoveRecord {
    /// 1 for the first move of the game.
    pub ply: u32,
    /// Who played it.
    pub side: Side,
    /// The move for people: WXF in Xiangqi (`C2=5`).
    pub notation: String,
    /// The move in coordinates (`h3e3`).
    pub coordinate: String,
    /// Where the piece started.
    pub from: Point,
    /// Where it ended.
    pub to: Point,
}

impl From<app::MoveRecord> for MoveRecord {
    fn from(m: app::MoveRecord) -> Self {
        MoveRecord {
            ply: m.ply,
            side: m.side.into(),
            notation: m.notation,
            coordinate: m.coordinate,
            from: m.from.into(),
            to: m.to.into(),
        }
    }
}

/// A piece lifted in the middle of a move of several steps (Friendly chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Hovering {
    /// Where it hovers.
    pub point: Point,
    /// The piece.
    pub piece: Piece,
}

impl From<app::Hovering> for Hovering {
    fn from(h: app::Hovering) -> Self {
        Hovering { point: h.point.into(), piece: h.piece.into() }
    }
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum WinReason {
    /// Checkmate.
    Checkmate,
    /// The loser had no legal move.
    NoMoves,
    /// Jeson Mor: a knight left the centre.
    Centre,
    /// Jeson Mor: the loser's last piece was captured.
    LastPiece,
    /// Friendly chess: a bond with the loser's king.
    KingBond,
    /// The loser checked perpetually.
    PerpetualCheck,
    /// The loser chased perpetually.
    PerpetualChase,
    /// The loser broke a cap on consecutive checks or chases.
    ExcessiveChecksOrChases,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time.
    Time,
    /// Online: the loser left the game and did not come back in time.
    Abandonment,
}

impl From<rules::WinReason> for WinReason {
    fn from(r: rules::WinReason) -> Self {
        use rules::WinReason as R;
        match r {
            R::Checkmate => WinReason::Checkmate,
            R::NoMoves => WinReason::NoMoves,
            R::Centre => WinReason::Centre,
            R::LastPiece => WinReason::LastPiece,
            R::KingBond => WinReason::KingBond,
            R::PerpetualCheck => WinReason::PerpetualCheck,
            R::PerpetualChase => WinReason::PerpetualChase,
            R::ExcessiveChecksOrChases => WinReason::ExcessiveChecksOrChases,
            R::Resignation => WinReason::Resignation,
            R::Time => WinReason::Time,
            R::Abandonment => WinReason::Abandonment,
        }
    }
}

impl From<WinReason> for rules::WinReason {
    fn from(r: WinReason) -> Self {
        use rules::WinReason as R;
        match r {
            WinReason::Checkmate => R::Checkmate,
            WinReason::NoMoves => R::NoMoves,
            WinReason::Centre => R::Centre,
            WinReason::LastPiece => R::LastPiece,
            WinReason::KingBond => R::KingBond,
            WinReason::PerpetualCheck => R::PerpetualCheck,
            WinReason::PerpetualChase => R::PerpetualChase,
            WinReason::ExcessiveChecksOrChases => R::ExcessiveChecksOrChases,
            WinReason::Resignation => R::Resignation,
            WinReason::Time => R::Time,
            WinReason::Abandonment => R::Abandonment,
        }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum DrawReason {
    /// Repetition with nobody to blame.
    Repetition,
    /// Fifty moves by each side without a capture.
    FiftyMoves,
    /// A rule set's own no-capture limit (Tencent's Jieqi: forty moves each).
    MoveLimit,
    /// Neither side can ever attack.
    InsufficientMaterial,
    /// Friendly chess: every piece but the kings is bonded.
    AllBonded,
    /// Friendly chess: the side to move has no legal move.
    NoMoves,
    /// The players agreed.
    Agreement,
}

impl From<rules::DrawReason> for DrawReason {
    fn from(r: rules::DrawReason) -> Self {
        use rules::DrawReason as R;
        match r {
            R::Repetition => DrawReason::Repetition,
            R::FiftyMoves => DrawReason::FiftyMoves,
            R::MoveLimit => DrawReason::MoveLimit,
            R::InsufficientMaterial => DrawReason::InsufficientMaterial,
            R::AllBonded => DrawReason::AllBonded,
            R::NoMoves => DrawReason::NoMoves,
            R::Agreement => DrawReason::Agreement,
        }
    }
}

impl From<DrawReason> for rules::DrawReason {
    fn from(r: DrawReason) -> Self {
        use rules::DrawReason as R;
        match r {
            DrawReason::Repetition => R::Repetition,
            DrawReason::FiftyMoves => R::FiftyMoves,
            DrawReason::MoveLimit => R::MoveLimit,
            DrawReason::InsufficientMaterial => R::InsufficientMaterial,
            DrawReason::AllBonded => R::AllBonded,
            DrawReason::NoMoves => R::NoMoves,
            DrawReason::Agreement => R::Agreement,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum GameOutcome {
    /// `winner` won.
    Win {
        /// The side that won.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl From<rules::Outcome> for GameOutcome {
    fn from(o: rules::Outcome) -> Self {
        match o {
            rules::Outcome::Win { winner, reason } => {
                GameOutcome::Win { winner: winner.into(), reason: reason.into() }
            }
            rules::Outcome::Draw { reason } => GameOutcome::Draw { reason: reason.into() },
        }
    }
}

impl From<GameOutcome> for rules::Outcome {
    fn from(o: GameOutcome) -> Self {
        match o {
            GameOutcome::Win { winner, reason } => {
                rules::Outcome::Win { winner: winner.into(), reason: reason.into() }
            }
            GameOutcome::Draw { reason } => rules::Outcome::Draw { reason: reason.into() },
        }
    }
}

/// What stepping to a target does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum TargetKind {
    /// Moves to an empty point (or carries a bond there).
    Move,
    /// Captures the piece there.
    Capture,
    /// Bonds with the enemy piece there (Friendly chess).
    Bond,
    /// Enters a bond and releases the mover's piece, which moves next (Friendly chess).
    Release,
    /// Bonds the enemy king: wins (Friendly chess).
    Win,
    /// Takes en passant (Friendly chess).
    EnPassant,
    /// Castles (Friendly chess).
    Castle,
}

impl From<app::TargetKind> for TargetKind {
    fn from(k: app::TargetKind) -> Self {
        match k {
            app::TargetKind::Move => TargetKind::Move,
            app::TargetKind::Capture => TargetKind::Capture,
            app::TargetKind::Bond => TargetKind::Bond,
            app::TargetKind::Release => TargetKind::Release,
            app::TargetKind::Win => TargetKind::Win,
            app::TargetKind::EnPassant => TargetKind::EnPassant,
            app::TargetKind::Castle => TargetKind::Castle,
        }
    }
}

/// A point the piece in hand may step to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Target {
    /// The destination.
    pub point: Point,
    /// What stepping there does.
    pub kind: TargetKind,
    /// The pieces a pawn may become there (empty when the step promotes nothing).
    pub promotions: Vec<PieceKind>,
}

impl From<app::model::Target> for Target {
    fn from(t: app::model::Target) -> Self {
        Target {
            point: t.point.into(),
            kind: t.kind.into(),
            promotions: t.promotions.into_iter().map(PieceKind::from).collect(),
        }
    }
}

/// A captured piece, as the looking seat knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct CapturedPiece {
    /// Whose piece it was.
    pub side: Side,
    /// What it was; `None` for a face-down piece this seat never saw.
    pub kind: Option<PieceKind>,
    /// Whether it was face down when taken (Jieqi).
    pub face_down: bool,
}

impl From<app::CapturedView> for CapturedPiece {
    fn from(c: app::CapturedView) -> Self {
        CapturedPiece {
            side: c.side.into(),
            kind: c.kind.map(PieceKind::from),
            face_down: c.face_down,
        }
    }
}

/// One player's bar beside the board.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct PlayerBar {
    /// The side.
    pub side: Side,
    /// The side's name and who plays it, in the session's language.
    pub title: String,
    /// Whether this side is to move.
    pub to_move: bool,
    /// Whether this side's king (general) is threatened: show it in the bar.
    pub threatened: bool,
    /// The pieces this side has captured.
    pub captured: Vec<CapturedPiece>,
}

impl From<app::PlayerBar> for PlayerBar {
    fn from(b: app::PlayerBar) -> Self {
        PlayerBar {
            side: b.side.into(),
            title: b.title,
            to_move: b.to_move,
            threatened: b.threatened,
            captured: b.captured.into_iter().map(CapturedPiece::from).collect(),
        }
    }
}

/// One row of the move list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct MoveRow {
    /// The move number, from 1.
    pub number: u32,
    /// The first player's move (`None` when the game began with the second to move).
    pub first: Option<String>,
    /// The second player's move, once played.
    pub second: Option<String>,
}

impl From<app::MoveRow> for MoveRow {
    fn from(r: app::MoveRow) -> Self {
        MoveRow { number: r.number, first: r.first, second: r.second }
    }
}

/// A promotion to choose: where the pawn is (or steps to) and what it may become.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PromotionChoice {
    /// The pawn's point (or the step's destination).
    pub point: Point,
    /// The pieces it may become.
    pub choices: Vec<PieceKind>,
}

impl From<app::PromotionChoice> for PromotionChoice {
    fn from(c: app::PromotionChoice) -> Self {
        PromotionChoice {
            point: c.point.into(),
            choices: c.choices.into_iter().map(PieceKind::from).collect(),
        }
    }
}

/// Everything a board screen draws. While the device waits to be handed over
/// (`Awaiting.HandOver`), no piece is shown and no move is listed: draw the hand-over screen.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct BoardView {
    /// The game.
    pub variant: Variant,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Every point, rank by rank from rank 0, file 0 first: index `rank * files + file`.
    pub points: Vec<PointView>,
    /// The side to move.
    pub to_move: Side,
    /// Who the game waits for.
    pub awaiting: Awaiting,
    /// The point of the piece in hand.
    pub selected: Option<Point>,
    /// Where the piece in hand may go.
    pub targets: Vec<Target>,
    /// The last move.
    pub last_move: Option<MoveRecord>,
    /// The general (king) in check.
    pub check: Option<Point>,
    /// A piece released in a chain, which moves next (Friendly chess).
    pub hovering: Option<Hovering>,
    /// A promotion to choose now.
    pub promotion: Option<PromotionChoice>,
    /// How the game ended, if it has.
    pub outcome: Option<GameOutcome>,
    /// Whether undo would take something back.
    pub can_undo: bool,
    /// Whether the players may agree a draw (two people on this device, the game not over).
    pub can_agree_draw: bool,
    /// Whether a move of several steps is under way (offer "start the move again").
    pub move_started: bool,
    /// Moves played so far.
    pub ply_count: u32,
    /// The players' bars, the first player's first.
    pub players: Vec<PlayerBar>,
    /// The status line, in the session's language.
    pub status: String,
    /// The result as a sentence, once the game is over.
    pub result: Option<String>,
    /// The move list, a row per move number.
    pub move_rows: Vec<MoveRow>,
    /// `Last move: C2=5`, for the board's accessible description.
    pub last_move_text: Option<String>,
    /// The hand-over screen's texts while the device waits to be handed over.
    pub hand_over: Option<HandOverText>,
}

/// The hand-over screen's texts (pass-and-play where pieces are hidden).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct HandOverText {
    /// Whom to hand the device to.
    pub title: String,
    /// Why only that player may look now.
    pub body: String,
    /// The button the next player presses to see the board.
    pub ready: String,
}

impl From<app::text::HandOverText> for HandOverText {
    fn from(t: app::text::HandOverText) -> Self {
        HandOverText { title: t.title, body: t.body, ready: t.ready }
    }
}

impl From<app::BoardView> for BoardView {
    fn from(v: app::BoardView) -> Self {
        BoardView {
            variant: v.variant.into(),
            files: v.files,
            ranks: v.ranks,
            points: v.points.into_iter().map(PointView::from).collect(),
            to_move: v.to_move.into(),
            awaiting: v.awaiting.into(),
            selected: v.selected.map(Point::from),
            targets: v.targets.into_iter().map(Target::from).collect(),
            last_move: v.last_move.map(MoveRecord::from),
            check: v.check.map(Point::from),
            hovering: v.hovering.map(Hovering::from),
            promotion: v.promotion.map(PromotionChoice::from),
            outcome: v.outcome.map(GameOutcome::from),
            can_undo: v.can_undo,
            can_agree_draw: v.can_agree_draw,
            move_started: v.move_started,
            ply_count: v.ply_count,
            players: v.players.into_iter().map(PlayerBar::from).collect(),
            status: v.status,
            result: v.result,
            move_rows: v.move_rows.into_iter().map(MoveRow::from).collect(),
            last_move_text: v.last_move_text,
            hand_over: v.hand_over.map(HandOverText::from),
        }
    }
}

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Player {
    /// A person using this device.
    Person,
    /// A bot of the given level.
    Bot {
        /// The level's stable id, as in [`BotLevel::id`] (a level's English or Slovak name
        /// is accepted too; the session keeps the id).
        level: String,
    },
}

impl From<app::Player> for Player {
    fn from(p: app::Player) -> Self {
        match p {
            app::Player::Person => Player::Person,
            app::Player::Bot { level } => Player::Bot { level },
        }
    }
}

impl From<Player> for app::Player {
    fn from(p: Player) -> Self {
        match p {
            Player::Person => app::Player::Person,
            Player::Bot { level } => app::Player::Bot { level },
        }
    }
}

/// A Xiangqi handicap: the pieces Red (the stronger player) gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Handicap {
    /// The horse on b1.
    Horse,
    /// Both horses.
    TwoHorses,
    /// The cannon on b3.
    Cannon,
    /// The chariot on a1.
    Chariot,
}

impl From<rules::xiangqi::Handicap> for Handicap {
    fn from(h: rules::xiangqi::Handicap) -> Self {
        use rules::xiangqi::Handicap as H;
        match h {
            H::Horse => Handicap::Horse,
            H::TwoHorses => Handicap::TwoHorses,
            H::Cannon => Handicap::Cannon,
            H::Chariot => Handicap::Chariot,
        }
    }
}

impl Handicap {
    pub(crate) fn core(self) -> rules::xiangqi::Handicap {
        use rules::xiangqi::Handicap as H;
        match self {
            Handicap::Horse => H::Horse,
            Handicap::TwoHorses => H::TwoHorses,
            Handicap::Cannon => H::Cannon,
            Handicap::Chariot => H::Chariot,
        }
    }
}

/// A Jieqi rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum RuleSet {
    /// The rules of the rules page.
    Default,
    /// Nobody sees a captured face-down piece, not even the capturer.
    NobodySeesCaptured,
    /// Tencent: at most six consecutive checks or chases; forty moves each without capture.
    Tencent,
    /// Vietnamese: a plain draw at the sixth repetition.
    Vietnamese,
    /// PyChess: a face-down advisor may leave the palace.
    PyChess,
}

impl From<rules::jieqi::RuleSet> for RuleSet {
    fn from(r: rules::jieqi::RuleSet) -> Self {
        use rules::jieqi::RuleSet as R;
        match r {
            R::Default => RuleSet::Default,
            R::NobodySeesCaptured => RuleSet::NobodySeesCaptured,
            R::Tencent => RuleSet::Tencent,
            R::Vietnamese => RuleSet::Vietnamese,
            R::PyChess => RuleSet::PyChess,
        }
    }
}

impl RuleSet {
    pub(crate) fn core(self) -> rules::jieqi::RuleSet {
        use rules::jieqi::RuleSet as R;
        match self {
            RuleSet::Default => R::Default,
            RuleSet::NobodySeesCaptured => R::NobodySeesCaptured,
            RuleSet::Tencent => R::Tencent,
            RuleSet::Vietnamese => R::Vietnamese,
            RuleSet::PyChess => R::PyChess,
        }
    }
}

/// Options of a new game.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct NewGame {
    /// The game.
    pub variant: Variant,
    /// A handicap given by the first player (Xiangqi).
    #[uniffi(default = None)]
    pub handicap: Option<Handicap>,
    /// A start position in the game's FEN instead of the usual one.
    #[uniffi(default = None)]
    pub fen: Option<String>,
    /// Who plays first.
    pub first: Player,
    /// Who plays second.
    pub second: Player,
    /// The seed a bot's choices follow (saved with the game); `None` draws a fresh one so
    /// that games differ. Give one to replay a game exactly.
    #[uniffi(default = None)]
    pub bot_seed: Option<u64>,
    /// The rule set (Jieqi); the default when `None`.
    #[uniffi(default = None)]
    pub rule_set: Option<RuleSet>,
}

impl From<NewGame> for app::NewGame {
    fn from(n: NewGame) -> Self {
        app::NewGame {
            variant: n.variant.into(),
            handicap: n.handicap.map(|h| h.core().name().to_owned()),
            fen: n.fen,
            rule_set: n.rule_set.map(|r| r.core().name().to_owned()),
            first: n.first.into(),
            second: n.second.into(),
            bot_seed: n.bot_seed,
        }
    }
}

/// A bot level, for the new-game screen's picker.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct BotLevel {
    /// The stable id to put in `Player::Bot` (`novice` .. `full`).
    pub id: String,
    /// The English name (`Casual player`).
    pub name_en: String,
    /// The Slovak name (`Rekreačný hráč`).
    pub name_sk: String,
}

impl From<app::Level> for BotLevel {
    fn from(l: app::Level) -> Self {
        BotLevel {
            id: l.id().to_owned(),
            name_en: l.name_en().to_owned(),
            name_sk: l.name_sk().to_owned(),
        }
    }
}

/// Why a tap or a drag did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum RefusalKind {
    /// The game is over.
    GameOver,
    /// It is not a person's turn on this device.
    NotYourTurn,
    /// The point is not on the board.
    OffBoard,
    /// Nothing stands there.
    EmptyPoint,
    /// The piece belongs to the side not to move.
    OpponentPiece,
    /// The piece has no legal move.
    NoLegalMove,
    /// The selected piece cannot go there.
    IllegalMove,
}

/// A refusal: its kind (for the UI's reaction), the core's English sentence, and the typed
/// reason a message catalog says in the player's language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct Refusal {
    /// What kind of refusal: the reason's variant without its data.
    pub kind: RefusalKind,
    /// Why, as a sentence in the session's language.
    pub message: String,
    /// Why, with the data a message needs.
    pub reason: RefusalReason,
}

impl Refusal {
    /// The refusal with its message in `language`.
    pub(crate) fn new(r: app::Refusal, language: app::text::Language) -> Refusal {
        let message = app::text::refusal_text(language, &r);
        let (kind, reason) = match r {
            app::Refusal::GameOver => (RefusalKind::GameOver, RefusalReason::GameOver),
            app::Refusal::NotYourTurn => (RefusalKind::NotYourTurn, RefusalReason::NotYourTurn),
            app::Refusal::OffBoard => (RefusalKind::OffBoard, RefusalReason::OffBoard),
            app::Refusal::EmptyPoint => (RefusalKind::EmptyPoint, RefusalReason::EmptyPoint),
            app::Refusal::OpponentPiece { game, to_move } => (
                RefusalKind::OpponentPiece,
                RefusalReason::OpponentPiece { game: game.into(), to_move: to_move.into() },
            ),
            app::Refusal::NoLegalMove { piece, point } => (
                RefusalKind::NoLegalMove,
                RefusalReason::NoLegalMove { piece: piece.into(), point: point.into() },
            ),
            app::Refusal::IllegalMove { reason } => {
                (RefusalKind::IllegalMove, RefusalReason::IllegalMove { reason: reason.into() })
            }
        };
        Refusal { kind, message, reason }
    }
}

/// Why a tap or a drag did nothing, with the data a message needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum RefusalReason {
    /// The game is over.
    GameOver,
    /// It is not a person's turn on this device.
    NotYourTurn,
    /// The point is not on the board.
    OffBoard,
    /// Nothing stands there.
    EmptyPoint,
    /// The piece belongs to the side not to move.
    OpponentPiece {
        /// The game, which names the sides.
        game: Variant,
        /// The side to move.
        to_move: Side,
    },
    /// The piece has no legal move.
    NoLegalMove {
        /// What the piece is (for a face-down piece, what it moves as).
        piece: PieceKind,
        /// Where it stands.
        point: Point,
    },
    /// The selected piece cannot go there.
    IllegalMove {
        /// Why, as the rules say it.
        reason: IllegalMoveReason,
    },
}

/// Why the rules refuse a move (the core's `IllegalMoveReason`). Moves are given as their
/// coordinate text (`h3e3`), which is the same in every language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum IllegalMoveReason {
    /// No piece stands on the starting point.
    NoPiece {
        /// The starting point.
        square: Point,
    },
    /// The piece on the starting point belongs to the side not to move.
    NotYourPiece {
        /// The game, which names the sides.
        game: Variant,
        /// The starting point.
        square: Point,
        /// What the piece is; for a face-down piece, the kind it moves as.
        piece: PieceKind,
        /// Whether the piece lies face down (Jieqi).
        face_down: bool,
        /// Whose piece it is.
        owner: Side,
        /// The side to move.
        to_move: Side,
    },
    /// The piece has no way there: it does not move so, its way is blocked, or a piece of its
    /// own side stands there.
    CannotReach {
        /// What the piece is; for a face-down piece, the kind it moves as.
        piece: PieceKind,
        /// Whether the piece lies face down (Jieqi).
        face_down: bool,
        /// The starting point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// The move opens the file between the two generals (Xiangqi).
    GeneralsFace,
    /// The side to move is in check, and the move does not end it.
    StaysInCheck,
    /// The move would put the mover's own general in check (Xiangqi).
    LeavesCheck,
    /// The move would leave the mover's own general attacked (Jieqi).
    LeavesGeneralAttacked,
    /// No legal move fits a WXF text.
    NoWxfMatch,
    /// The move turns a piece up, and the text does not say what it revealed.
    RevealMissing,
    /// The text says what the move reveals, but it moves a face-up piece (Jieqi).
    RevealsNothing,
    /// The text has a capture note, but the move captures nothing (Jieqi).
    CapturesNothing,
    /// The capture note does not fit the piece on the destination (Jieqi).
    CaptureNoteMisfit,
    /// A game record's notes disagree with what the move does (Jieqi).
    RecordDisagrees {
        /// What the move does, in the record's notation (`h3e3=C`).
        record: String,
    },
    /// A seat's view refuses the move with what the text says it revealed or captured
    /// (Jieqi).
    View {
        /// Why.
        refusal: ViewRefusal,
    },
    /// The text chooses the owed promotion of a pawn on another square (Friendly chess).
    OwedPromotionElsewhere {
        /// Where the pawn that owes its promotion stands.
        owed: Point,
        /// The square the text named.
        given: Point,
    },
    /// A promotion is owed, and the text does not choose it first (Friendly chess).
    PromotionOwedFirst {
        /// Where the pawn that owes its promotion stands.
        square: Point,
        /// The move text, for the example of what to write instead.
        text: String,
    },
    /// A step of the move cannot be taken (Friendly chess).
    Step {
        /// Which step of the text, from 1; none for the lift or the owed promotion.
        number: Option<u32>,
        /// Why.
        refusal: StepRefusal,
    },
    /// No legal move leads to the position the steps reach (Friendly chess).
    NoMoveLeadsThere,
    /// The game is over: the winner left the centre (Jeson Mor).
    WonByLeavingCentre {
        /// The winner.
        winner: Side,
    },
    /// The game is over: the side to move has no knight left (Jeson Mor).
    NoKnightLeft {
        /// The side to move.
        side: Side,
    },
    /// No knight stands on the starting point (Jeson Mor).
    NoKnight {
        /// The starting point.
        square: Point,
    },
    /// The move is no knight's jump (Jeson Mor).
    NotAKnightJump {
        /// The starting point.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// A knight of the mover's own stands on the destination (Jeson Mor).
    OwnKnightThere {
        /// The side to move.
        side: Side,
        /// The destination.
        square: Point,
    },
    /// The position allows the move, but the game's history forbids it.
    Forbidden,
    /// The rules refuse the move and tell nothing more.
    NotLegal,
}

impl From<rules::IllegalMoveReason> for IllegalMoveReason {
    fn from(r: rules::IllegalMoveReason) -> Self {
        use rules::IllegalMoveReason as R;
        match r {
            R::NoPiece { square } => IllegalMoveReason::NoPiece { square: square.into() },
            R::NotYourPiece { game, square, piece, face_down, owner, to_move } => {
                IllegalMoveReason::NotYourPiece {
                    game: game.into(),
                    square: square.into(),
                    piece: piece.into(),
                    face_down,
                    owner: owner.into(),
                    to_move: to_move.into(),
                }
            }
            R::CannotReach { piece, face_down, from, to } => IllegalMoveReason::CannotReach {
                piece: piece.into(),
                face_down,
                from: from.into(),
                to: to.into(),
            },
            R::GeneralsFace => IllegalMoveReason::GeneralsFace,
            R::StaysInCheck => IllegalMoveReason::StaysInCheck,
            R::LeavesCheck => IllegalMoveReason::LeavesCheck,
            R::LeavesGeneralAttacked => IllegalMoveReason::LeavesGeneralAttacked,
            R::NoWxfMatch => IllegalMoveReason::NoWxfMatch,
            R::RevealMissing => IllegalMoveReason::RevealMissing,
            R::RevealsNothing => IllegalMoveReason::RevealsNothing,
            R::CapturesNothing => IllegalMoveReason::CapturesNothing,
            R::CaptureNoteMisfit => IllegalMoveReason::CaptureNoteMisfit,
            R::RecordDisagrees { record } => {
                IllegalMoveReason::RecordDisagrees { record: record.text() }
            }
            R::View(e) => IllegalMoveReason::View { refusal: (*e).into() },
            R::OwedPromotionElsewhere { owed, given } => {
                IllegalMoveReason::OwedPromotionElsewhere { owed: owed.into(), given: given.into() }
            }
            R::PromotionOwedFirst { square, text } => {
                IllegalMoveReason::PromotionOwedFirst { square: square.into(), text }
            }
            R::Step { number, error } => IllegalMoveReason::Step {
                // A move of more than four billion steps is no text anyone writes.
                number: number.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
                refusal: error.into(),
            },
            R::NoMoveLeadsThere => IllegalMoveReason::NoMoveLeadsThere,
            R::WonByLeavingCentre { winner } => {
                IllegalMoveReason::WonByLeavingCentre { winner: winner.into() }
            }
            R::NoKnightLeft { side } => IllegalMoveReason::NoKnightLeft { side: side.into() },
            R::NoKnight { square } => IllegalMoveReason::NoKnight { square: square.into() },
            R::NotAKnightJump { from, to } => {
                IllegalMoveReason::NotAKnightJump { from: from.into(), to: to.into() }
            }
            R::OwnKnightThere { side, square } => {
                IllegalMoveReason::OwnKnightThere { side: side.into(), square: square.into() }
            }
            R::Forbidden => IllegalMoveReason::Forbidden,
            R::NotLegal => IllegalMoveReason::NotLegal,
        }
    }
}

/// Why a Jieqi seat's view refuses a move with what it revealed or captured (the core's
/// `ViewPlayError`). Moves are given as their coordinate text (`h3e3`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ViewRefusal {
    /// The game is over.
    GameOver,
    /// The move is not legal here.
    NotLegal {
        /// The move.
        mv: String,
    },
    /// The position allows the move, but the game's history forbids it.
    Forbidden {
        /// The move.
        mv: String,
    },
    /// The move turns a piece up, and the view was not told what it revealed.
    Chance {
        /// The move.
        mv: String,
    },
    /// The move turns a face-down piece up, and no identity was given for it.
    RevealMissing {
        /// The move.
        mv: String,
    },
    /// An identity was given for a move of a face-up piece.
    RevealUnexpected {
        /// The move.
        mv: String,
    },
    /// The identity given for the reveal cannot still be face down on the mover's side.
    RevealImpossible {
        /// The move.
        mv: String,
        /// The identity given.
        piece: PieceKind,
    },
    /// The move takes a face-down piece this seat sees, and no identity was given.
    CaptureMissing {
        /// The move.
        mv: String,
    },
    /// An identity was given for the captured piece, which this seat cannot learn.
    CaptureUnknowable {
        /// The move.
        mv: String,
    },
    /// The identity given for the captured face-down piece cannot be face down on its side.
    CaptureImpossible {
        /// The move.
        mv: String,
        /// The identity given.
        piece: PieceKind,
    },
}

impl From<rules::jieqi::ViewPlayError> for ViewRefusal {
    fn from(e: rules::jieqi::ViewPlayError) -> Self {
        use rules::PlayError as P;
        use rules::jieqi::ViewPlayError as V;
        match e {
            V::Play(P::GameOver) => ViewRefusal::GameOver,
            V::Play(P::IllegalMove { text }) => ViewRefusal::NotLegal { mv: text },
            V::Play(P::Forbidden { text }) => ViewRefusal::Forbidden { mv: text },
            V::Play(P::Chance { text }) => ViewRefusal::Chance { mv: text },
            // A view plays moves, not texts: it never refuses one for its text. Should it,
            // the move is still not legal there.
            V::Play(P::Text(e)) => ViewRefusal::NotLegal { mv: parse_error_text(e) },
            V::RevealMissing { mv } => ViewRefusal::RevealMissing { mv: mv.to_string() },
            V::RevealUnexpected { mv } => ViewRefusal::RevealUnexpected { mv: mv.to_string() },
            V::RevealImpossible { mv, role } => {
                ViewRefusal::RevealImpossible { mv: mv.to_string(), piece: kind(role) }
            }
            V::CaptureMissing { mv } => ViewRefusal::CaptureMissing { mv: mv.to_string() },
            V::CaptureUnknowable { mv } => ViewRefusal::CaptureUnknowable { mv: mv.to_string() },
            V::CaptureImpossible { mv, role } => {
                ViewRefusal::CaptureImpossible { mv: mv.to_string(), piece: kind(role) }
            }
        }
    }
}

/// A game's square as a point of the board.
fn point(s: impl Into<rules::Point>) -> Point {
    let p: rules::Point = s.into();
    p.into()
}

/// A game's role as a kind of piece.
fn kind(role: impl Into<rules::PieceKind>) -> PieceKind {
    let k: rules::PieceKind = role.into();
    k.into()
}

/// The move text a parse error is about.
fn parse_error_text(e: rules::ParseMoveError) -> String {
    match e {
        rules::ParseMoveError::Syntax { text }
        | rules::ParseMoveError::Illegal { text, .. }
        | rules::ParseMoveError::Ambiguous { text } => text,
    }
}

/// Why a step of a Friendly chess move cannot be taken (the core's `StepError`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum StepRefusal {
    /// The game is over (a king is bonded).
    GameOver,
    /// The move is already complete.
    MoveComplete,
    /// A promotion is owed: choose the piece for the pawn on `square` first.
    PromotionOwed {
        /// The pawn's square.
        square: Point,
    },
    /// No promotion is owed.
    NoPromotionOwed,
    /// A piece is already in hand.
    AlreadyLifted,
    /// Nothing is in hand.
    NothingLifted,
    /// The square holds no piece of the side to move.
    NotYourPiece {
        /// The square.
        square: Point,
    },
    /// The piece on the square has no move that can be completed.
    CannotMove {
        /// The square.
        square: Point,
    },
    /// The piece in hand cannot step there, or no move could be completed from there.
    IllegalStep {
        /// Where the piece in hand stands (or hovers).
        from: Point,
        /// The refused destination.
        to: Point,
    },
    /// The step brings a pawn to its last rank: a piece must be chosen.
    PromotionRequired {
        /// The destination.
        to: Point,
    },
    /// The promotion is not possible here.
    InvalidPromotion {
        /// The refused piece.
        piece: PieceKind,
    },
    /// The steps end while a released piece still has to move.
    Unfinished {
        /// The bond the released piece hovers over.
        square: Point,
    },
}

impl From<rules::friendly::StepError> for StepRefusal {
    fn from(e: rules::friendly::StepError) -> Self {
        use rules::friendly::StepError as S;
        match e {
            S::GameOver => StepRefusal::GameOver,
            S::MoveComplete => StepRefusal::MoveComplete,
            S::PromotionOwed { square } => StepRefusal::PromotionOwed { square: point(square) },
            S::NoPromotionOwed => StepRefusal::NoPromotionOwed,
            S::AlreadyLifted => StepRefusal::AlreadyLifted,
            S::NothingLifted => StepRefusal::NothingLifted,
            S::NotYourPiece { square } => StepRefusal::NotYourPiece { square: point(square) },
            S::CannotMove { square } => StepRefusal::CannotMove { square: point(square) },
            S::IllegalStep { from, to } => {
                StepRefusal::IllegalStep { from: point(from), to: point(to) }
            }
            S::PromotionRequired { to } => StepRefusal::PromotionRequired { to: point(to) },
            S::InvalidPromotion { role } => StepRefusal::InvalidPromotion { piece: kind(role) },
            S::Unfinished { square } => StepRefusal::Unfinished { square: point(square) },
        }
    }
}

/// What a tap or a drag did.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum TapResult {
    /// A piece was selected.
    Selected {
        /// Where.
        point: Point,
    },
    /// The selection was cleared.
    Deselected,
    /// A step was made and the move goes on: the released piece on `point` steps next.
    Stepped {
        /// Where the released piece hovers.
        point: Point,
    },
    /// The step brings a pawn to its last rank: ask which piece it becomes, then call
    /// `choose_promotion`.
    ChoosePromotion {
        /// Where, and the choices.
        choice: PromotionChoice,
    },
    /// A move was played.
    Moved {
        /// The move.
        record: MoveRecord,
    },
    /// Nothing happened.
    Refused {
        /// Why.
        refusal: Refusal,
    },
}

impl TapResult {
    /// The result, a refusal said in `language`.
    pub(crate) fn new(t: app::TapResult, language: app::text::Language) -> TapResult {
        match t {
            app::TapResult::Selected(p) => TapResult::Selected { point: p.into() },
            app::TapResult::Deselected => TapResult::Deselected,
            app::TapResult::Stepped(p) => TapResult::Stepped { point: p.into() },
            app::TapResult::ChoosePromotion(c) => TapResult::ChoosePromotion { choice: c.into() },
            app::TapResult::Moved(m) => TapResult::Moved { record: m.into() },
            app::TapResult::Refused(r) => TapResult::Refused { refusal: Refusal::new(r, language) },
        }
    }
}

/// A saved game in the list.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct GameSummary {
    /// The saved game's id.
    pub id: i64,
    /// The game.
    pub variant: Variant,
    /// Who played first.
    pub first: Player,
    /// Who played second.
    pub second: Player,
    /// Moves played.
    pub ply_count: u32,
    /// How it ended, if it has.
    pub outcome: Option<GameOutcome>,
    /// When it was started (ms since 1970, UTC).
    pub created_at_ms: i64,
    /// When it was last saved (ms since 1970, UTC).
    pub updated_at_ms: i64,
}

impl From<app::GameSummary> for GameSummary {
    fn from(g: app::GameSummary) -> Self {
        GameSummary {
            id: g.id,
            variant: g.variant.into(),
            first: g.first.into(),
            second: g.second.into(),
            ply_count: g.ply_count,
            outcome: g.outcome.map(GameOutcome::from),
            created_at_ms: g.created_at_ms,
            updated_at_ms: g.updated_at_ms,
        }
    }
}

/// How pieces are labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PieceStyle {
    /// Chinese characters.
    Characters,
    /// Latin letters.
    Letters,
}

impl From<PieceStyle> for app::PieceStyle {
    fn from(s: PieceStyle) -> Self {
        match s {
            PieceStyle::Characters => app::PieceStyle::Characters,
            PieceStyle::Letters => app::PieceStyle::Letters,
        }
    }
}

impl From<app::PieceStyle> for PieceStyle {
    fn from(s: app::PieceStyle) -> Self {
        match s {
            app::PieceStyle::Characters => PieceStyle::Characters,
            app::PieceStyle::Letters => PieceStyle::Letters,
        }
    }
}

/// The player's settings.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Settings {
    /// Mark where the selected piece can go.
    pub show_legal_targets: bool,
    /// Mark the last move.
    pub show_last_move: bool,
    /// In pass-and-play, turn the board to face the side to move.
    pub rotate_board: bool,
    /// How pieces are labelled.
    pub piece_style: PieceStyle,
    /// The language the player chose; `None` follows the system's.
    #[uniffi(default = None)]
    pub language: Option<Language>,
}

impl From<app::Settings> for Settings {
    fn from(s: app::Settings) -> Self {
        Settings {
            show_legal_targets: s.show_legal_targets,
            show_last_move: s.show_last_move,
            rotate_board: s.rotate_board,
            piece_style: s.piece_style.into(),
            language: s.language.map(Language::from),
        }
    }
}

impl From<Settings> for app::Settings {
    fn from(s: Settings) -> Self {
        app::Settings {
            show_legal_targets: s.show_legal_targets,
            show_last_move: s.show_last_move,
            rotate_board: s.rotate_board,
            piece_style: s.piece_style.into(),
            language: s.language.map(app::text::Language::from),
        }
    }
}
