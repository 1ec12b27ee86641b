package app.rodina.ui.boards

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectDragGestures
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.BoxWithConstraints
import androidx.compose.foundation.layout.absoluteOffset
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.size
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.AbsoluteAlignment
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.platform.LocalLayoutDirection
import androidx.compose.ui.semantics.clearAndSetSemantics
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.IntOffset
import androidx.compose.ui.unit.IntSize
import androidx.compose.ui.unit.LayoutDirection
import app.rodina.core.Side
import app.rodina.core.Variant
import app.rodina.state.BoardKind
import app.rodina.state.BoardState
import app.rodina.state.Cell
import app.rodina.state.CellUi
import app.rodina.state.PieceUi
import app.rodina.ui.BoardColors
import kotlin.math.roundToInt

/** A lone piece's size in its cell. */
private const val PIECE_SCALE = 0.9f

/** Each piece of a bond: two of them share one cell, both in full view. */
private const val BOND_SCALE = 0.6f

/**
 * A piece released in a chain hovers smaller than a piece standing, over the top left corner
 * of its bond's cell: the corner a bond leaves free, so both bonded pieces stay in view.
 */
private const val HOVER_SCALE = 0.62f

/** How far above its cell's top the hovering piece is lifted, in cells. */
private const val HOVER_LIFT = 0.3f

/** A dragged piece is drawn larger, so it shows around the finger holding it. */
private const val DRAG_SCALE = 1.25f

/**
 * The board of any game, drawn from [state] alone (a game's or a puzzle's): the board of
 * [BoardState.board] on a
 * canvas, the highlights under the pieces, the pieces (a Friendly chess bond as two pieces
 * sharing a square, and [hovering], the piece a chain released, lifted above its bond), then
 * the targets over them.
 *
 * Input is in screen cells, which the controller turns into points: a tap gives [onTap]; a
 * piece dragged and dropped gives [onDrag] (dropped where it started, a tap), and the piece
 * follows the finger meanwhile. [hovering] is the released piece's look, which the screen
 * state does not carry (see GameScreen).
 */
@Composable
fun GameBoard(
    state: BoardState,
    hovering: PieceUi?,
    onTap: (Cell) -> Unit,
    onDrag: (from: Cell, to: Cell) -> Unit,
    modifier: Modifier = Modifier,
) {
    val files = state.orientation.files
    val ranks = state.orientation.ranks
    val squares = state.board != BoardKind.INTERSECTIONS
    val variant = state.variant
    // The gesture handlers live as long as the board's size; they read the latest of these.
    val current by rememberUpdatedState(state)
    val tap by rememberUpdatedState(onTap)
    val drop by rememberUpdatedState(onDrag)
    var dragFrom by remember { mutableStateOf<Cell?>(null) }
    var dragAt by remember { mutableStateOf(Offset.Zero) }
    val measurer = rememberTextMeasurer(cacheSize = 32)
    val description = listOfNotNull(state.status, state.lastMove).joinToString("\n")
    // A drag whose piece is gone (the bot moved meanwhile, a take-back) has nothing to carry.
    val dragged = dragFrom?.let { from -> state.cells.firstOrNull { it.cell == from && it.piece != null } }
    val hoverCell = state.cells.firstOrNull { it.hovering }
    val bottomSide = if (state.orientation.flipped) Side.SECOND else Side.FIRST

    // The board is a picture of the game, not text: right-to-left layouts must not mirror it.
    CompositionLocalProvider(LocalLayoutDirection provides LayoutDirection.Ltr) {
        BoxWithConstraints(
            modifier
                .aspectRatio(files.toFloat() / ranks)
                .clearAndSetSemantics { contentDescription = description }
                .pointerInput(files, ranks) {
                    detectTapGestures { p -> geometry(files, ranks, size).cellAt(p)?.let(tap) }
                }
                .pointerInput(files, ranks) {
                    detectDragGestures(
                        orientationLock = null,
                        onDragStart = { down, slopTrigger, _ ->
                            // The cell the finger went down on, not where it crossed the touch slop.
                            val from = geometry(files, ranks, size).cellAt(down.position)
                            dragFrom = from?.takeIf { f -> current.cells.any { it.cell == f && it.piece != null } }
                            dragAt = slopTrigger.position
                        },
                        onDragEnd = { up ->
                            val from = dragFrom
                            dragFrom = null
                            val to = geometry(files, ranks, size).cellAt(up.position)
                            if (from != null && to != null) {
                                if (to == from) tap(from) else drop(from, to)
                            }
                        },
                        onDragCancel = { dragFrom = null },
                        onDrag = { change, _ -> dragAt = change.position },
                    )
                },
        ) {
            val cell = maxWidth / files
            val cellPx = constraints.maxWidth.toFloat() / files

            Canvas(Modifier.fillMaxSize()) {
                val g = BoardGeometry(files, ranks, size.width, size.height)
                if (squares) drawSquareBoard(state.board, g, state.cells, measurer) else drawIntersectionBoard(g)
                drawCellHighlights(squares, g, state.cells)
            }

            for (c in state.cells) {
                // A dragged piece leaves its cell; a hovering piece dragged off leaves its bond behind.
                if (c.piece == null || (c == dragged && !c.hovering)) continue
                key(c.cell) {
                    CellPieces(c, variant, bottomSide, cell, Modifier.absoluteOffset(cell * c.cell.column, cell * c.cell.row))
                }
            }
            if (hovering != null && hoverCell != null && hoverCell != dragged) {
                PieceToken(
                    hovering,
                    variant,
                    cell * HOVER_SCALE,
                    Modifier.absoluteOffset(cell * hoverCell.cell.column, cell * hoverCell.cell.row - cell * HOVER_LIFT),
                    lifted = true,
                )
            }

            Canvas(Modifier.fillMaxSize()) {
                val g = BoardGeometry(files, ranks, size.width, size.height)
                drawTargets(g, state.cells)
                if (dragged != null) {
                    g.cellAt(dragAt)?.let { drawRect(BoardColors.dropCell, g.topLeft(it), g.cellSize, style = Stroke(g.cell * 0.06f)) }
                }
            }

            if (dragged != null) {
                val half = cellPx * DRAG_SCALE / 2f
                val carried = Modifier.absoluteOffset { IntOffset((dragAt.x - half).roundToInt(), (dragAt.y - half).roundToInt()) }
                if (dragged.hovering && hovering != null) {
                    PieceToken(hovering, variant, cell * DRAG_SCALE, carried, lifted = true)
                } else {
                    CellPieces(dragged, variant, bottomSide, cell * DRAG_SCALE, carried, lifted = true)
                }
            }
        }
    }
}

private fun geometry(files: Int, ranks: Int, size: IntSize) =
    BoardGeometry(files, ranks, size.width.toFloat(), size.height.toFloat())

/**
 * The pieces standing in one cell, [size] across: one piece in the middle, or a bond's two
 * pieces sharing it, the one of the side at the bottom of the screen in front at the bottom
 * left, as that player sees their own piece nearest.
 */
@Composable
private fun CellPieces(c: CellUi, variant: Variant, bottomSide: Side, size: Dp, modifier: Modifier, lifted: Boolean = false) {
    val piece = c.piece ?: return
    val partner = c.partner
    Box(modifier.size(size)) {
        if (partner == null) {
            PieceToken(piece, variant, size * PIECE_SCALE, Modifier.align(Alignment.Center), lifted)
        } else {
            val (front, back) = if (piece.piece.side == bottomSide) piece to partner else partner to piece
            PieceToken(back, variant, size * BOND_SCALE, Modifier.align(AbsoluteAlignment.TopRight), lifted)
            PieceToken(front, variant, size * BOND_SCALE, Modifier.align(AbsoluteAlignment.BottomLeft), lifted)
        }
    }
}
