package app.rodina.ui.boards

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Brush
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.StrokeCap
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.geometry.CornerRadius
import app.rodina.core.TargetKind
import app.rodina.state.CellUi
import app.rodina.ui.BoardColors
import kotlin.math.PI
import kotlin.math.cos
import kotlin.math.sin

/**
 * What is drawn under the pieces: the last move, the selected piece, a general or king in
 * check, a puzzle's hint and a course exercise's targets. On squares a highlight fills the
 * square; on intersections it is a disc around the point, a little wider than the piece so it
 * shows as a halo. The hint is a ring of its own, so it reads apart from the selection it
 * leads to; a target is a star, on an empty point (to reach) or round a piece (to take).
 */
internal fun DrawScope.drawCellHighlights(squares: Boolean, g: BoardGeometry, cells: List<CellUi>) {
    for (c in cells) {
        val centre = g.centre(c.cell)
        fun mark(color: Color, radius: Float) {
            if (squares) drawRect(color, g.topLeft(c.cell), g.cellSize) else drawCircle(color, radius, centre)
        }
        if (c.lastMove) mark(BoardColors.lastMove, g.cell * 0.5f)
        if (c.selected) mark(BoardColors.selected, g.cell * 0.52f)
        if (c.hint) drawCircle(BoardColors.hint, g.cell * 0.48f, centre, style = Stroke(g.cell * 0.08f))
        if (c.goal) {
            // Round a piece to take, the star is a ring of points the piece leaves in view.
            if (c.piece == null) {
                drawPath(starPath(centre, g.cell * 0.32f, g.cell * 0.14f), BoardColors.goal)
            } else {
                drawPath(starPath(centre, g.cell * 0.56f, g.cell * 0.4f), BoardColors.goal, style = Stroke(g.cell * 0.06f))
            }
        }
        if (c.check) {
            val radius = g.cell * 0.62f
            val glow = Brush.radialGradient(
                0f to BoardColors.check,
                0.55f to BoardColors.check.copy(alpha = 0.7f),
                1f to Color.Transparent,
                center = centre,
                radius = radius,
            )
            drawCircle(glow, radius, centre)
        }
    }
}

/**
 * Where the piece in hand may go, over the pieces, each kind of step with a look of its own:
 * a dot to move, a ring to capture, and for Friendly chess's special steps a coloured ring
 * with a badge (linked rings to bond, an arrow to release, a star to win), a dashed ring for
 * en passant and a square for castling.
 */
internal fun DrawScope.drawTargets(g: BoardGeometry, cells: List<CellUi>) {
    for (c in cells) {
        val kind = c.target ?: continue
        drawTarget(kind, g.centre(c.cell), g.cell)
    }
}

private fun DrawScope.drawTarget(kind: TargetKind, centre: Offset, cell: Float) {
    val ring = Stroke(cell * 0.07f)
    when (kind) {
        TargetKind.MOVE -> drawCircle(BoardColors.target, cell * 0.15f, centre)
        TargetKind.CAPTURE -> drawCircle(BoardColors.target, cell * 0.45f, centre, style = ring)
        TargetKind.EN_PASSANT -> {
            val dashes = PathEffect.dashPathEffect(floatArrayOf(cell * 0.09f, cell * 0.07f))
            drawCircle(BoardColors.target, cell * 0.3f, centre, style = Stroke(cell * 0.06f, pathEffect = dashes))
            drawCircle(BoardColors.target, cell * 0.1f, centre)
        }
        TargetKind.CASTLE -> {
            val side = cell * 0.38f
            drawRoundRect(
                BoardColors.target,
                topLeft = centre - Offset(side / 2, side / 2),
                size = Size(side, side),
                cornerRadius = CornerRadius(side * 0.2f),
                style = Stroke(cell * 0.06f),
            )
            drawCircle(BoardColors.target, cell * 0.08f, centre)
        }
        TargetKind.BOND -> {
            drawCircle(BoardColors.bond, cell * 0.45f, centre, style = ring)
            drawBadge(BoardColors.bond, centre, cell) { at, r ->
                val link = Stroke(r * 0.22f)
                drawCircle(Color.White, r * 0.38f, at - Offset(r * 0.22f, 0f), style = link)
                drawCircle(Color.White, r * 0.38f, at + Offset(r * 0.22f, 0f), style = link)
            }
        }
        TargetKind.RELEASE -> {
            drawCircle(BoardColors.release, cell * 0.45f, centre, style = ring)
            drawBadge(BoardColors.release, centre, cell) { at, r ->
                val stroke = r * 0.24f
                drawLine(Color.White, at + Offset(0f, r * 0.55f), at - Offset(0f, r * 0.5f), stroke, StrokeCap.Round)
                drawLine(Color.White, at - Offset(0f, r * 0.55f), at + Offset(-r * 0.42f, -r * 0.1f), stroke, StrokeCap.Round)
                drawLine(Color.White, at - Offset(0f, r * 0.55f), at + Offset(r * 0.42f, -r * 0.1f), stroke, StrokeCap.Round)
            }
        }
        TargetKind.WIN -> {
            drawCircle(BoardColors.win, cell * 0.45f, centre, style = Stroke(cell * 0.1f))
            drawBadge(BoardColors.win, centre, cell) { at, r ->
                drawPath(starPath(at, r * 0.72f, r * 0.3f), Color.White)
            }
        }
    }
}

/**
 * A small disc at the cell's top left corner with [symbol] on it: clear of a lone piece's
 * label, and of both pieces of a bond (which fill the other two corners).
 */
private fun DrawScope.drawBadge(color: Color, centre: Offset, cell: Float, symbol: DrawScope.(Offset, Float) -> Unit) {
    val at = centre + Offset(-cell * 0.3f, -cell * 0.3f)
    val r = cell * 0.17f
    drawCircle(Color.Black.copy(alpha = 0.25f), r, at + Offset(0f, r * 0.12f))
    drawCircle(color.copy(alpha = 1f), r, at)
    symbol(at, r)
}

/** A five-pointed star around [centre], its points [outer] and its notches [inner] from it. */
internal fun starPath(centre: Offset, outer: Float, inner: Float): Path = Path().apply {
    for (i in 0 until 10) {
        val radius = if (i % 2 == 0) outer else inner
        val angle = -PI / 2 + i * PI / 5
        val x = centre.x + (radius * cos(angle)).toFloat()
        val y = centre.y + (radius * sin(angle)).toFloat()
        if (i == 0) moveTo(x, y) else lineTo(x, y)
    }
    close()
}
