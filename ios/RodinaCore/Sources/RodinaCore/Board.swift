// The board as the screens see it: cells on screen and the core's points, and which board a
// game is drawn on. The Swift twin of the Android app's Board.kt
// (android/app/src/main/kotlin/app/rodina/state/Board.kt): keep the two telling one story.

import Foundation

/// A point from plain ints: the bindings use `UInt8`, as the Rust core does, and the screens
/// count in `Int`.
public func point(_ file: Int, _ rank: Int) -> Point {
    Point(file: UInt8(file), rank: UInt8(rank))
}

/// A cell of the board as drawn on screen: column 0 is the left edge, row 0 the top.
public struct Cell: Hashable, Sendable {
    /// Counted from the left edge of the screen.
    public let column: Int
    /// Counted from the top of the screen.
    public let row: Int

    /// The cell in `column` (from the left) and `row` (from the top).
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

/// Which way up the board is drawn. Unflipped, the first player (Red) sits at the bottom, as
/// Xiangqi diagrams print it; flipped, the board is turned half round for the second player.
/// The core always speaks in board points; this is the only place where screen cells and
/// points meet, so the SwiftUI code never does coordinate arithmetic of its own.
public struct Orientation: Hashable, Sendable {
    /// The board's files (columns on screen).
    public let files: Int
    /// The board's ranks (rows on screen).
    public let ranks: Int
    /// Turned half round: the second player sits at the bottom.
    public let flipped: Bool

    /// A board of `files` x `ranks`, turned half round if `flipped`.
    public init(files: Int, ranks: Int, flipped: Bool) {
        self.files = files
        self.ranks = ranks
        self.flipped = flipped
    }

    /// The screen cell that shows `p`.
    public func cell(of p: Point) -> Cell {
        let file = Int(p.file), rank = Int(p.rank)
        return flipped
            ? Cell(column: files - 1 - file, row: rank)
            : Cell(column: file, row: ranks - 1 - rank)
    }

    /// The point shown in screen cell `c`, or nil outside the board.
    public func point(at c: Cell) -> Point? {
        guard (0..<files).contains(c.column), (0..<ranks).contains(c.row) else { return nil }
        return flipped
            ? RodinaCore.point(files - 1 - c.column, c.row)
            : RodinaCore.point(c.column, ranks - 1 - c.row)
    }

    /// The screen cell under a touch at (`x`, `y`) on a board drawn `width` x `height` points,
    /// or nil outside it. A touch on the board's very edge belongs to no cell, so that a drag
    /// released beside the board plays nothing.
    public func cell(atX x: Double, y: Double, width: Double, height: Double) -> Cell? {
        guard x >= 0, y >= 0, x < width, y < height, width > 0, height > 0 else { return nil }
        let column = Int(x / (width / Double(files)))
        let row = Int(y / (height / Double(ranks)))
        return point(at: Cell(column: column, row: row)) == nil ? nil : Cell(column: column, row: row)
    }

    /// The point under a touch at (`x`, `y`) on a board drawn `width` x `height` points.
    public func point(atX x: Double, y: Double, width: Double, height: Double) -> Point? {
        cell(atX: x, y: y, width: width, height: height).flatMap { point(at: $0) }
    }
}

extension BoardView {
    /// The view's point at `p`; points are laid out rank by rank (index `rank * files + file`).
    public func at(_ p: Point) -> PointView {
        points[Int(p.rank) * Int(files) + Int(p.file)]
    }
}

/// How a game's board is drawn.
public enum BoardKind: Hashable, Sendable {
    /// Xiangqi and Jieqi: pieces on the intersections of 9 x 10 lines, a river and two palaces.
    case intersections
    /// Jeson Mor: a 9 x 9 board of squares with its centre (e5) marked.
    case squares9
    /// Friendly chess: an 8 x 8 chequered board; bonded pieces share a square.
    case squares8
}

/// The board `variant` is played on.
public func boardKind(_ variant: Variant) -> BoardKind {
    switch variant {
    case .xiangqi, .jieqi: return .intersections
    case .jesonMor: return .squares9
    case .friendly: return .squares8
    }
}

/// A piece as drawn: the core's piece and the text on it. Only the controllers label pieces
/// (through `BoardUi`), so its initializer stays inside the package.
public struct PieceUi: Hashable, Sendable {
    /// The core's piece.
    public let piece: Piece
    /// What is written on it, in the settings' style and the language.
    public let label: String
}

/// A captured piece in a player's bar; a face-down capture this seat never saw shows its back.
public struct CapturedUi: Hashable, Sendable {
    /// Whose piece it was.
    public let side: Side
    /// What is written on it.
    public let label: String
    /// Drawn as a piece's back.
    public let faceDown: Bool
}

/// A player's bar beside the board.
public struct BarUi: Hashable, Sendable {
    /// The side it stands for.
    public let side: Side
    /// "Red · Person", "Čierny · Bot (Nováčik)".
    public let title: String
    /// This side moves next.
    public let toMove: Bool
    /// This side's king (general) is threatened: the bar says so.
    public let threatened: Bool
    /// The pieces this side has lost, in the order they were taken.
    public let captured: [CapturedUi]
}

/// A promotion to choose: the pieces offered with their labels.
public struct PromotionUi: Hashable, Sendable {
    /// "The pawn becomes".
    public let title: String
    /// The pieces the pawn may become.
    public let choices: [PieceUi]
}

/// One cell of the board as drawn, in screen order, with the highlights the settings allow.
public struct CellUi: Identifiable, Hashable, Sendable {
    /// The cell on screen (also its identity in the view).
    public let cell: Cell
    /// The board point it shows.
    public let point: Point
    /// The piece on it.
    public let piece: PieceUi?
    /// The enemy piece bonded with `piece` (Friendly chess): draw both.
    public let partner: PieceUi?
    /// The piece in hand stands here.
    public let selected: Bool
    /// What stepping here does, when the piece in hand may step here (and the settings show it).
    public let target: TargetKind?
    /// The last move came from or went to here (when the settings mark it).
    public let lastMove: Bool
    /// A king (general) in check stands here.
    public let check: Bool
    /// A point of its own in the rules (Jeson Mor's centre): always marked.
    public let special: Bool
    /// The piece in hand was released here by a chain and hovers over the bond.
    public let hovering: Bool
    /// A puzzle's hint: the next move starts here (never in a game).
    public let hint: Bool
    /// A course exercise's target not yet collected: a point to reach or a piece to take.
    public let goal: Bool

    /// The cell's identity in a `ForEach`.
    public var id: Cell { cell }
}

/// What a board view draws, for a game, a puzzle and a course exercise alike.
public protocol BoardState: Sendable {
    /// The game.
    var variant: Variant { get }
    /// The board it is drawn on.
    var board: BoardKind { get }
    /// Which way up the board is drawn.
    var orientation: Orientation { get }
    /// Row by row from the top of the screen.
    var cells: [CellUi] { get }
    /// The piece a chain released, drawn raised over its cell (the one `hovering`).
    var hoveringPiece: PieceUi? { get }
    /// Said to VoiceOver with the board: whose turn, the result.
    var status: String { get }
    /// "Last move: C2=5", for the board's accessible description.
    var lastMove: String? { get }
}

/// What a screen of a board draws round it, for a game and a puzzle alike: the bars, the
/// moves, and a promotion to choose.
public protocol BoardScreenState: BoardState {
    /// The language of every text on the screen.
    var language: Language { get }
    /// The bar at the top of the screen (the opponent of the side at the bottom).
    var topBar: BarUi? { get }
    /// The bar at the bottom of the screen.
    var bottomBar: BarUi? { get }
    /// The moves played, a row per move number.
    var moves: [MoveRow] { get }
    /// A promotion to choose now.
    var promotion: PromotionUi? { get }
    /// A move of several steps is under way: offer "start the move again".
    var canRestartMove: Bool { get }
}

/// What a board screen asks of its controller, a game's and a puzzle's alike: the player's
/// taps, drags and promotion choices, starting a move of several steps again, and turning the
/// board round.
@MainActor
public protocol BoardControls: AnyObject {
    /// A tap on a screen cell.
    func tap(_ cell: Cell)
    /// A piece dragged from one screen cell and dropped on another.
    func drag(from: Cell, to: Cell)
    /// The piece a pawn becomes, from `BoardScreenState.promotion`'s choices.
    func choosePromotion(_ kind: PieceKind)
    /// Starts a move of several steps again (Friendly chess chains).
    func restartMove()
    /// Turns the board round.
    func flip()
}

/// The cells of `view` as drawn with `orientation`, row by row from the top of the screen,
/// with the highlights `settings` allow and each piece labelled by `label`.
public func cellsOf(view: BoardView, orientation: Orientation, settings: Settings, label: (Piece) -> PieceUi) -> [CellUi] {
    var targets: [Point: TargetKind] = [:]
    for t in view.targets { targets[t.point] = t.kind }
    var cells: [CellUi] = []
    cells.reserveCapacity(orientation.files * orientation.ranks)
    for row in 0..<orientation.ranks {
        for column in 0..<orientation.files {
            let cell = Cell(column: column, row: row)
            guard let p = orientation.point(at: cell) else { continue }
            let pv = view.at(p)
            let h = pv.highlights
            cells.append(CellUi(
                cell: cell,
                point: p,
                piece: pv.piece.map(label),
                partner: pv.partner.map(label),
                selected: h.selected,
                // A step's kind is shown when targets are, and always in a chain: there the
                // piece must move on, and the player needs to see where it may.
                target: (settings.showLegalTargets || view.hovering != nil) ? targets[p] : nil,
                lastMove: settings.showLastMove && (h.lastFrom || h.lastTo),
                check: h.check,
                special: h.special,
                hovering: view.hovering?.point == p,
                hint: h.hint,
                goal: h.goal))
        }
    }
    return cells
}

/// A core `BoardView` as a screen draws it with `orientation`: each piece labelled in
/// `language` in `settings`' piece style, the highlights `settings` allow, the players' bars
/// and the promotion to choose. The game and the puzzle controllers both draw through it, so
/// a piece, a bar or a promotion never reads differently between the two screens.
struct BoardUi {
    /// What the core shows.
    let view: BoardView
    /// Which way up the board is drawn.
    let orientation: Orientation
    /// The language of every text.
    let language: Language
    /// The piece style and the highlights to show.
    let settings: Settings

    /// The cells, row by row from the top of the screen.
    func cells() -> [CellUi] {
        cellsOf(view: view, orientation: orientation, settings: settings, label: label)
    }

    /// The piece a chain released, drawn raised over its cell.
    func hoveringPiece() -> PieceUi? {
        view.hovering.map { label($0.piece) }
    }

    /// The bar at the top of the screen: the opponent of the side at the bottom.
    func topBar() -> BarUi? {
        bar(where: { $0 != bottomSide })
    }

    /// The bar at the bottom of the screen.
    func bottomBar() -> BarUi? {
        bar(where: { $0 == bottomSide })
    }

    /// The promotion to choose now, the pieces offered as the side to move's.
    func promotion() -> PromotionUi? {
        view.promotion.map { p in
            PromotionUi(
                title: uiText(language: language, text: .gamePromotionTitle),
                choices: p.choices.map { label(Piece(side: view.toMove, kind: $0, faceDown: false)) })
        }
    }

    private func label(_ piece: Piece) -> PieceUi {
        PieceUi(piece: piece, label: pieceLabel(language: language, style: settings.pieceStyle, piece: piece))
    }

    private var bottomSide: Side { orientation.flipped ? .second : .first }

    private func bar(where side: (Side) -> Bool) -> BarUi? {
        view.players.first(where: { side($0.side) }).map { b in
            BarUi(side: b.side, title: b.title, toMove: b.toMove, threatened: b.threatened,
                  captured: b.captured.map(captured))
        }
    }

    private func captured(_ c: CapturedPiece) -> CapturedUi {
        // A capture this seat never saw shows a piece's back: the label of any face-down piece.
        let piece = Piece(side: c.side, kind: c.kind ?? .soldier, faceDown: c.kind == nil)
        return CapturedUi(side: c.side, label: label(piece).label, faceDown: c.kind == nil)
    }
}
