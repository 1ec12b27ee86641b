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
