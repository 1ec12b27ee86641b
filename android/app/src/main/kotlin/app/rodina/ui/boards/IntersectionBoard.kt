package app.rodina.ui.boards

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import app.rodina.ui.BoardColors

/**
 * The Xiangqi board (Xiangqi, Jieqi): pieces stand on the intersections of 9 files and 10
 * ranks, so each screen cell is centred on a point and the lines run through the cells'
 * centres. Everything drawn here is symmetric under the half turn, so a flipped board needs
 * nothing of its own.
 */
internal fun DrawScope.drawIntersectionBoard(g: BoardGeometry) {
    val files = g.files
    val ranks = g.ranks
    val line = BoardColors.line
    val stroke = maxOf(1f, g.cell * 0.03f)
    fun x(column: Int) = (column + 0.5f) * g.cell
    fun y(row: Int) = (row + 0.5f) * g.cell

    drawRect(BoardColors.wood)
    // The river: between the fifth and sixth ranks, screen rows 4 and 5 of 10.
    val riverTop = ranks / 2 - 1
    drawRect(BoardColors.river, Offset(x(0), y(riverTop)), Size(x(files - 1) - x(0), g.cell))

    // A frame a little outside the outer lines, as printed boards have.
    val pad = g.cell * 0.14f
    drawRect(
        line,
        topLeft = Offset(x(0) - pad, y(0) - pad),
        size = Size(x(files - 1) - x(0) + 2 * pad, y(ranks - 1) - y(0) + 2 * pad),
        style = Stroke(stroke * 2f),
    )
    for (row in 0 until ranks) {
        drawLine(line, Offset(x(0), y(row)), Offset(x(files - 1), y(row)), stroke)
    }
    // Only the two edge files cross the river.
    for (column in 0 until files) {
        if (column == 0 || column == files - 1) {
            drawLine(line, Offset(x(column), y(0)), Offset(x(column), y(ranks - 1)), stroke)
        } else {
            drawLine(line, Offset(x(column), y(0)), Offset(x(column), y(riverTop)), stroke)
            drawLine(line, Offset(x(column), y(riverTop + 1)), Offset(x(column), y(ranks - 1)), stroke)
        }
    }
    // The palaces: files d-f, the three ranks at each end, crossed by their diagonals.
    for ((top, bottom) in listOf(0 to 2, ranks - 3 to ranks - 1)) {
        drawLine(line, Offset(x(3), y(top)), Offset(x(5), y(bottom)), stroke)
        drawLine(line, Offset(x(5), y(top)), Offset(x(3), y(bottom)), stroke)
    }
    // The marks where cannons and soldiers start, which players use to find their way.
    val marks = listOf(1, files - 2).flatMap { c -> listOf(c to 2, c to ranks - 3) } +
        (0 until files step 2).flatMap { c -> listOf(c to 3, c to ranks - 4) }
    for ((column, row) in marks) drawPointMark(Offset(x(column), y(row)), column, files, g.cell, stroke)
}

/** The four small corners around a starting point; the halves that would leave the board are left out. */
private fun DrawScope.drawPointMark(at: Offset, column: Int, files: Int, cell: Float, stroke: Float) {
    val gap = cell * 0.08f
    val arm = cell * 0.16f
    for (dx in listOf(-1f, 1f)) {
        if (dx < 0 && column == 0 || dx > 0 && column == files - 1) continue
        for (dy in listOf(-1f, 1f)) {
            val corner = at + Offset(dx * gap, dy * gap)
            drawLine(BoardColors.line, corner, corner + Offset(dx * arm, 0f), stroke)
            drawLine(BoardColors.line, corner, corner + Offset(0f, dy * arm), stroke)
        }
    }
}
