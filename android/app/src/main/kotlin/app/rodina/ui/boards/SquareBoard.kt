package app.rodina.ui.boards

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.text.TextMeasurer
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.drawText
import androidx.compose.ui.text.font.FontWeight
import app.rodina.state.BoardKind
import app.rodina.state.CellUi
import app.rodina.ui.BoardColors

/**
 * A board of squares: Jeson Mor's 9 x 9 (its centre marked) or Friendly chess's 8 x 8, with
 * the files' letters along the bottom edge and the ranks' numbers along the left one, as the
 * move list names them. Colours and coordinates come from each cell's point, so they stay
 * right when the board is turned.
 */
internal fun DrawScope.drawSquareBoard(
    kind: BoardKind,
    g: BoardGeometry,
    cells: List<CellUi>,
    measurer: TextMeasurer,
) {
    val (light, dark) = when (kind) {
        BoardKind.SQUARES_9 -> BoardColors.jesonLight to BoardColors.jesonDark
        else -> BoardColors.chessLight to BoardColors.chessDark
    }
    val coordinates = TextStyle(fontSize = (g.cell * 0.2f).toSp(), fontWeight = FontWeight.SemiBold)
    for (c in cells) {
        // a1 is dark, as on every chessboard.
        val isDark = (c.point.file.toInt() + c.point.rank.toInt()) % 2 == 0
        val topLeft = g.topLeft(c.cell)
        drawRect(if (isDark) dark else light, topLeft, g.cellSize)
        if (c.special) drawCentre(g.centre(c.cell), g.cell)

        val ink = if (isDark) light else dark
        val inset = g.cell * 0.06f
        if (c.cell.row == g.ranks - 1) {
            val file = measurer.measure(('a' + c.point.file.toInt()).toString(), coordinates)
            drawText(
                file,
                color = ink,
                topLeft = topLeft + Offset(g.cell - inset - file.size.width, g.cell - file.size.height),
            )
        }
        if (c.cell.column == 0) {
            val rank = measurer.measure((c.point.rank.toInt() + 1).toString(), coordinates)
            drawText(rank, color = ink, topLeft = topLeft + Offset(inset, 0f))
        }
    }
}

/** Jeson Mor's centre: gold, with a ring and a star, so it reads as the goal under any piece. */
private fun DrawScope.drawCentre(centre: Offset, cell: Float) {
    drawRect(BoardColors.centre, centre - Offset(cell / 2, cell / 2), Size(cell, cell))
    drawCircle(BoardColors.centreMark, cell * 0.44f, centre, style = Stroke(cell * 0.04f))
    drawPath(starPath(centre, cell * 0.2f, cell * 0.085f), BoardColors.centreMark.copy(alpha = 0.55f))
    drawRect(
        Color.Black.copy(alpha = 0.25f),
        centre - Offset(cell / 2, cell / 2),
        Size(cell, cell),
        style = Stroke(cell * 0.03f),
    )
}
