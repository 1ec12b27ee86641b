package app.rodina.state

import app.rodina.core.BoardView
import app.rodina.core.CapturedPiece
import app.rodina.core.Language
import app.rodina.core.MoveRow
import app.rodina.core.Piece
import app.rodina.core.PieceKind
import app.rodina.core.Point
import app.rodina.core.PointView
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.TargetKind
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.pieceLabel
import app.rodina.core.uiText

/** A point from plain ints (the bindings use unsigned bytes, as the Rust core does). */
fun point(file: Int, rank: Int): Point = Point(file.toUByte(), rank.toUByte())

/** A cell of the board as drawn on screen: column 0 is the left edge, row 0 the top. */
data class Cell(val column: Int, val row: Int)

/**
 * Which way up the board is drawn. Unflipped, the first player (Red) sits at the bottom, as
 * Xiangqi diagrams print it; flipped, the board is turned half round for the second player.
 * The core always speaks in board points; this is the only place where screen cells and
 * points meet, so Compose and SwiftUI code never does coordinate arithmetic of its own.
 */
data class Orientation(val files: Int, val ranks: Int, val flipped: Boolean) {
    /** The screen cell that shows [p]. */
    fun cellOf(p: Point): Cell {
        val file = p.file.toInt()
        val rank = p.rank.toInt()
        return if (flipped) Cell(files - 1 - file, rank) else Cell(file, ranks - 1 - rank)
    }

    /** The point shown in screen cell [c], or null outside the board. */
    fun pointAt(c: Cell): Point? {
        if (c.column !in 0 until files || c.row !in 0 until ranks) return null
        return if (flipped) point(files - 1 - c.column, c.row) else point(c.column, ranks - 1 - c.row)
    }

    /** The point under a touch at ([x], [y]) on a board drawn [width] x [height] pixels. */
    fun pointAtPixel(x: Float, y: Float, width: Float, height: Float): Point? {
        if (x < 0f || y < 0f || x >= width || y >= height) return null
        val column = (x / (width / files)).toInt()
        val row = (y / (height / ranks)).toInt()
        return pointAt(Cell(column, row))
    }

    /** The points shown in screen cells [from] and [to] (a drag), or null when either is off the board. */
    fun pointsAt(from: Cell, to: Cell): Pair<Point, Point>? {
        val start = pointAt(from) ?: return null
        val end = pointAt(to) ?: return null
        return start to end
    }
}

/** The view's point at [p]; points are laid out rank by rank (index `rank * files + file`). */
fun BoardView.at(p: Point): PointView = points[p.rank.toInt() * files.toInt() + p.file.toInt()]

/** How a game's board is drawn. */
enum class BoardKind {
    /** Xiangqi and Jieqi: pieces on the intersections of 9 x 10 lines, a river and two palaces. */
    INTERSECTIONS,
    /** Jeson Mor: a 9 x 9 board of squares with its centre (e5) marked. */
    SQUARES_9,
    /** Friendly chess: an 8 x 8 chequered board; bonded pieces share a square. */
    SQUARES_8,
}

/** The board [variant] is played on. */
fun boardKind(variant: Variant): BoardKind = when (variant) {
    Variant.XIANGQI, Variant.JIEQI -> BoardKind.INTERSECTIONS
    Variant.JESON_MOR -> BoardKind.SQUARES_9
    Variant.FRIENDLY -> BoardKind.SQUARES_8
}

/** A piece as drawn: the core's piece and the text on it. */
data class PieceUi(val piece: Piece, val label: String)

/** A captured piece in a player's bar; a face-down capture this seat never saw shows its back. */
data class CapturedUi(val side: Side, val label: String, val faceDown: Boolean)

/** A player's bar beside the board. */
data class BarUi(
    val side: Side,
    /** "Red · Person", "Čierny · Bot (Nováčik)". */
    val title: String,
    val toMove: Boolean,
    /** This side's king (general) is threatened: the bar says so. */
    val threatened: Boolean,
    val captured: List<CapturedUi>,
)

/** A promotion to choose: the pieces offered with their labels. */
data class PromotionUi(val title: String, val choices: List<PieceUi>)

/** One cell of the board as drawn, in screen order, with the highlights the settings allow. */
data class CellUi(
    val cell: Cell,
    val point: Point,
    val piece: PieceUi?,
    /** The enemy piece bonded with [piece] (Friendly chess): draw both. */
    val partner: PieceUi?,
    val selected: Boolean,
    /** What stepping here does, when the piece in hand may step here (and the settings show it). */
    val target: TargetKind?,
    val lastMove: Boolean,
    val check: Boolean,
    /** A point of its own in the rules (Jeson Mor's centre): always marked. */
    val special: Boolean,
    /** The piece in hand was released here by a chain and hovers over the bond. */
    val hovering: Boolean,
    /** A puzzle's hint: the next move starts here (never in a game). */
    val hint: Boolean = false,
    /** A course exercise's target not yet collected: a point to reach or a piece to take. */
    val goal: Boolean = false,
)

/** What a board composable draws, for a game, a puzzle and a course exercise alike. */
interface BoardState {
    val variant: Variant
    val board: BoardKind
    val orientation: Orientation
    /** Row by row from the top of the screen. */
    val cells: List<CellUi>
    /** The piece a Friendly chess chain released, hovering over its cell (the cell marked [CellUi.hovering]). */
    val hoveringPiece: PieceUi?
    /** Said to a screen reader with the board: whose turn, the result. */
    val status: String
    /** "Last move: C2=5", for the board's accessible description. */
    val lastMove: String?
}

/**
 * What a screen of a board draws round it, for a game and a puzzle alike: the bars, the
 * moves, and a promotion to choose.
 */
interface BoardScreenState : BoardState {
    /** The language of every text on the screen. */
    val language: Language
    /** The bar at the top of the screen (the opponent of the side at the bottom). */
    val topBar: BarUi?
    /** The bar at the bottom of the screen. */
    val bottomBar: BarUi?
    /** The moves played, a row per move number. */
    val moves: List<MoveRow>
    /** A promotion to choose now. */
    val promotion: PromotionUi?
    /** A move of several steps is under way: offer "start the move again". */
    val canRestartMove: Boolean
}

/**
 * The cells of [view] as drawn with [orientation], row by row from the top of the screen,
 * with the highlights [settings] allow and each piece labelled by [label].
 */
fun cellsOf(view: BoardView, orientation: Orientation, settings: Settings, label: (Piece) -> PieceUi): List<CellUi> {
    val targets = view.targets.associateBy { it.point }
    val cells = ArrayList<CellUi>(orientation.files * orientation.ranks)
    for (row in 0 until orientation.ranks) for (column in 0 until orientation.files) {
        val cell = Cell(column, row)
        val p = orientation.pointAt(cell) ?: continue
        val pv = view.at(p)
        val h = pv.highlights
        cells += CellUi(
            cell = cell,
            point = p,
            piece = pv.piece?.let(label),
            partner = pv.partner?.let(label),
            selected = h.selected,
            // A step's kind is shown when targets are, and always in a chain: there the
            // piece must move on, and the player needs to see where it may.
            target = targets[p]?.kind?.takeIf { settings.showLegalTargets || view.hovering != null },
            lastMove = settings.showLastMove && (h.lastFrom || h.lastTo),
            check = h.check,
            special = h.special,
            hovering = view.hovering?.point == p,
            hint = h.hint,
            goal = h.goal,
        )
    }
    return cells
}

/**
 * What a board screen asks of its controller, a game's and a puzzle's alike: the player's
 * taps, drags and promotion choices, starting a move of several steps again, and turning the
 * board round.
 */
interface BoardControls {
    /** A tap on a screen cell. */
    fun tap(cell: Cell)

    /** A piece dragged from one screen cell and dropped on another. */
    fun drag(from: Cell, to: Cell)

    /** The piece a pawn becomes, from [BoardScreenState.promotion]'s choices. */
    fun choosePromotion(kind: PieceKind)

    /** Starts a move of several steps again (Friendly chess chains). */
    fun restartMove()

    /** Turns the board round. */
    fun flip()
}

/**
 * A core [BoardView] as a screen draws it with [orientation]: each piece labelled in
 * [language] in [settings]' piece style, the highlights [settings] allow, the players' bars
 * and the promotion to choose. The game and the puzzle controllers both draw through it, so
 * a piece, a bar or a promotion never reads differently between the two screens.
 */
class BoardUi(
    private val view: BoardView,
    private val orientation: Orientation,
    private val language: Language,
    private val settings: Settings,
) {
    /** The cells, row by row from the top of the screen. */
    fun cells(): List<CellUi> = cellsOf(view, orientation, settings, ::label)

    /** The piece a Friendly chess chain released, hovering over its cell. */
    fun hoveringPiece(): PieceUi? = view.hovering?.piece?.let(::label)

    /** The bar at the top of the screen: the opponent of the side at the bottom. */
    fun topBar(): BarUi? = barOf { it != bottomSide }

    /** The bar at the bottom of the screen. */
    fun bottomBar(): BarUi? = barOf { it == bottomSide }

    /** The promotion to choose now, the pieces offered as the side to move's. */
    fun promotion(): PromotionUi? = view.promotion?.let { p ->
        PromotionUi(
            uiText(language, UiText.GAME_PROMOTION_TITLE),
            p.choices.map { label(Piece(view.toMove, it, faceDown = false)) },
        )
    }

    private fun label(piece: Piece) = PieceUi(piece, pieceLabel(language, settings.pieceStyle, piece))

    private val bottomSide: Side get() = if (orientation.flipped) Side.SECOND else Side.FIRST

    private fun barOf(side: (Side) -> Boolean): BarUi? = view.players.firstOrNull { side(it.side) }?.let { b ->
        BarUi(b.side, b.title, b.toMove, b.threatened, b.captured.map(::captured))
    }

    private fun captured(c: CapturedPiece): CapturedUi {
        // A capture this seat never saw shows a piece's back: the label of any face-down piece.
        val piece = Piece(c.side, c.kind ?: PieceKind.SOLDIER, faceDown = c.kind == null)
        return CapturedUi(c.side, label(piece).label, c.kind == null)
    }
}
