// Plain-Swift state behind the board screen, mirroring the Android app's Kotlin state holders
// (android/app/src/main/kotlin/app/rodina/state), which the JVM tests cover: keep the two
// telling the same story.

import Foundation

/// A point from plain ints (the bindings use UInt8, as the Rust core does).
public func point(_ file: Int, _ rank: Int) -> Point {
    Point(file: UInt8(file), rank: UInt8(rank))
}

/// A cell of the board as drawn: column 0 is the left edge, row 0 the top.
public struct Cell: Hashable {
    public let column: Int
    public let row: Int
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

/// Which way up the board is drawn: unflipped, the first player (Red) sits at the bottom.
/// The only place where screen cells and board points meet.
public struct Orientation: Equatable {
    public let files: Int
    public let ranks: Int
    public let flipped: Bool

    public init(files: Int, ranks: Int, flipped: Bool) {
        self.files = files
        self.ranks = ranks
        self.flipped = flipped
    }

    /// The screen cell that shows `p`.
    public func cell(of p: Point) -> Cell {
        let file = Int(p.file), rank = Int(p.rank)
        return flipped ? Cell(column: files - 1 - file, row: rank)
            : Cell(column: file, row: ranks - 1 - rank)
    }

    /// The point shown in cell `c`, or nil outside the board.
    public func point(at c: Cell) -> Point? {
        guard (0..<files).contains(c.column), (0..<ranks).contains(c.row) else { return nil }
        return flipped ? RodinaCore.point(files - 1 - c.column, c.row)
            : RodinaCore.point(c.column, ranks - 1 - c.row)
    }
}

extension BoardView {
    /// The view's point at `p` (points are laid out rank by rank).
    public func at(_ p: Point) -> PointView {
        points[Int(p.rank) * Int(files) + Int(p.file)]
    }
}

/// The words the screens show (the same as the Android app's `Texts`).
public enum Texts {
    public static func sideName(_ v: Variant, _ side: Side) -> String {
        switch v {
        case .xiangqi, .jieqi: return side == .first ? "Red" : "Black"
        case .jesonMor: return side == .first ? "Red" : "Green"
        case .friendly: return side == .first ? "White" : "Black"
        }
    }

    public static func pieceLabel(_ piece: Piece, _ style: PieceStyle) -> String {
        let red = piece.side == .first
        switch style {
        case .letters:
            switch piece.kind {
            case .general: return "K"
            case .advisor: return "A"
            case .elephant: return "E"
            case .horse: return "H"
            case .chariot: return "R"
            case .cannon: return "C"
            case .soldier: return "P"
            case .knight: return "N"
            case .king: return "K"
            case .queen: return "Q"
            case .rook: return "R"
            case .bishop: return "B"
            case .pawn: return "P"
            }
        case .characters:
            switch piece.kind {
            case .general: return red ? "帥" : "將"
            case .advisor: return red ? "仕" : "士"
            case .elephant: return red ? "相" : "象"
            case .horse: return red ? "傌" : "馬"
            case .chariot: return red ? "俥" : "車"
            case .cannon: return red ? "炮" : "砲"
            case .soldier: return red ? "兵" : "卒"
            // The chess family's pieces have no characters of their own: their symbols.
            case .knight: return red ? "♘" : "♞"
            case .king: return red ? "♔" : "♚"
            case .queen: return red ? "♕" : "♛"
            case .rook: return red ? "♖" : "♜"
            case .bishop: return red ? "♗" : "♝"
            case .pawn: return red ? "♙" : "♟"
            }
        }
    }

    static func winReason(_ r: WinReason) -> String {
        switch r {
        case .checkmate: return "checkmate"
        case .noMoves: return "leaving no legal move"
        case .centre: return "leaving the centre"
        case .lastPiece: return "capturing the last piece"
        case .kingBond: return "bonding with the king"
        case .perpetualCheck: return "perpetual check by the loser"
        case .perpetualChase: return "perpetual chase by the loser"
        case .excessiveChecksOrChases: return "too many checks or chases by the loser"
        case .resignation: return "resignation"
        case .time: return "time"
        }
    }

    static func drawReason(_ r: DrawReason) -> String {
        switch r {
        case .repetition: return "repetition"
        case .fiftyMoves: return "the fifty-move rule"
        case .moveLimit: return "the move limit"
        case .insufficientMaterial: return "insufficient material"
        case .allBonded: return "every piece bonded"
        case .noMoves: return "no legal move"
        case .agreement: return "agreement"
        }
    }

    /// "Red wins by checkmate", "Draw by repetition".
    public static func outcome(_ v: Variant, _ o: GameOutcome) -> String {
        switch o {
        case let .win(winner, reason): return "\(sideName(v, winner)) wins by \(winReason(reason))"
        case let .draw(reason): return "Draw by \(drawReason(reason))"
        }
    }

    /// A level's name in `language` ("en" or "sk", as the core names levels; English otherwise).
    public static func levelName(_ level: BotLevel, _ language: String = "en") -> String {
        language.lowercased() == "sk" ? level.nameSk : level.nameEn
    }

    /// The sentence of a core error, for an alert.
    public static func message(_ error: Error) -> String {
        guard let e = error as? RodinaError else { return error.localizedDescription }
        switch e {
        case let .InvalidInput(m), let .NotFound(m), let .SavedGameDamaged(m),
             let .DatabaseDamaged(m), let .DatabaseTooNew(m), let .Storage(m), let .Internal(m):
            return m
        }
    }
}
