package app.rodina.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectDragGestures
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.foundation.layout.aspectRatio
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.rememberTextMeasurer
import androidx.compose.ui.unit.sp
import app.rodina.core.Side
import app.rodina.state.Cell
import app.rodina.state.GameScreenState

/**
 * The Xiangqi board: 9 x 10 points on the lines' intersections, the river, the palaces'
 * diagonals, the pieces and the highlights of [state]. Every screen cell is one point, so a
 * touch maps to a point through the state's orientation alone; the board sends taps and
 * drags as cells and draws nothing it did not get from [state].
 */
@Composable
fun XiangqiBoard(
    state: GameScreenState,
    onTap: (Cell) -> Unit,
    onDrag: (Cell, Cell) -> Unit,
    modifier: Modifier = Modifier,
) {
    val files = state.orientation.files
    val ranks = state.orientation.ranks
    val measurer = rememberTextMeasurer()
    var dragFrom by remember { mutableStateOf<Cell?>(null) }
    var dragAt by remember { mutableStateOf(Offset.Zero) }

    fun cellAt(o: Offset, width: Float, height: Float): Cell? {
        if (o.x < 0 || o.y < 0 || o.x >= width || o.y >= height) return null
        return Cell((o.x / (width / files)).toInt(), (o.y / (height / ranks)).toInt())
    }

    Canvas(
        modifier
            .fillMaxWidth()
            .aspectRatio(files.toFloat() / ranks)
            .pointerInput(state.orientation) {
                detectTapGestures { o ->
                    cellAt(o, size.width.toFloat(), size.height.toFloat())?.let(onTap)
                }
            }
            .pointerInput(state.orientation) {
                detectDragGestures(
                    onDragStart = { o ->
                        dragFrom = cellAt(o, size.width.toFloat(), size.height.toFloat())
                        dragAt = o
                    },
                    onDrag = { change, amount ->
                        change.consume()
                        dragAt += amount
                    },
                    onDragEnd = {
                        val from = dragFrom
                        val to = cellAt(dragAt, size.width.toFloat(), size.height.toFloat())
                        if (from != null && to != null) onDrag(from, to)
                        dragFrom = null
                    },
                    onDragCancel = { dragFrom = null },
                )
            },
    ) {
        val cw = size.width / files
        val ch = size.height / ranks
        fun centre(c: Cell) = Offset((c.column + 0.5f) * cw, (c.row + 0.5f) * ch)

        drawRect(BoardColors.wood)
        drawGrid(files, ranks, cw, ch)

        val radius = minOf(cw, ch) * 0.44f
        for (cell in state.cells) {
            val at = centre(cell.cell)
            if (cell.lastMove) drawCircle(BoardColors.lastMove, radius * 1.1f, at)
            if (cell.check) drawCircle(BoardColors.check, radius * 1.15f, at, style = Stroke(radius * 0.18f))
            val piece = cell.piece
            val lifted = dragFrom == cell.cell
            if (piece != null && !lifted) {
                val colour = if (piece.side == Side.FIRST) BoardColors.red else BoardColors.black
                drawCircle(BoardColors.pieceFace, radius, at)
                drawCircle(colour, radius, at, style = Stroke(radius * 0.1f))
                if (cell.selected) drawCircle(BoardColors.target, radius * 1.05f, at, style = Stroke(radius * 0.2f))
                val label = cell.label
                if (label != null && !piece.faceDown) {
                    val text = measurer.measure(
                        label,
                        TextStyle(color = colour, fontSize = (radius * 1.1f).toSp(), fontWeight = FontWeight.Bold),
                    )
                    drawText(text, topLeft = at - Offset(text.size.width / 2f, text.size.height / 2f))
                }
            }
            if (cell.capture) {
                drawCircle(BoardColors.target, radius * 1.05f, at, style = Stroke(radius * 0.16f))
            } else if (cell.target) {
                drawCircle(BoardColors.target, radius * 0.28f, at)
            }
        }
        // The dragged piece follows the finger.
        dragFrom?.let { from ->
            val piece = state.cells.firstOrNull { it.cell == from }?.piece ?: return@let
            val colour = if (piece.side == Side.FIRST) BoardColors.red else BoardColors.black
            drawCircle(BoardColors.pieceFace, radius * 1.15f, dragAt)
            drawCircle(colour, radius * 1.15f, dragAt, style = Stroke(radius * 0.1f))
        }
    }
}

/** Lines between the points' centres: files broken by the river, ranks, palace diagonals. */
private fun DrawScope.drawGrid(files: Int, ranks: Int, cw: Float, ch: Float) {
    val stroke = 2f
    fun x(column: Int) = (column + 0.5f) * cw
    fun y(row: Int) = (row + 0.5f) * ch
    for (row in 0 until ranks) {
        drawLine(BoardColors.line, Offset(x(0), y(row)), Offset(x(files - 1), y(row)), stroke)
    }
    val riverTop = ranks / 2 - 1
    for (column in 0 until files) {
        val edge = column == 0 || column == files - 1
        if (edge) {
            drawLine(BoardColors.line, Offset(x(column), y(0)), Offset(x(column), y(ranks - 1)), stroke)
        } else {
            drawLine(BoardColors.line, Offset(x(column), y(0)), Offset(x(column), y(riverTop)), stroke)
            drawLine(BoardColors.line, Offset(x(column), y(riverTop + 1)), Offset(x(column), y(ranks - 1)), stroke)
        }
    }
    // The palaces: files d-f, three ranks at each end (the same whichever way up).
    for ((top, bottom) in listOf(0 to 2, ranks - 3 to ranks - 1)) {
        drawLine(BoardColors.line, Offset(x(3), y(top)), Offset(x(5), y(bottom)), stroke)
        drawLine(BoardColors.line, Offset(x(5), y(top)), Offset(x(3), y(bottom)), stroke)
    }
}
