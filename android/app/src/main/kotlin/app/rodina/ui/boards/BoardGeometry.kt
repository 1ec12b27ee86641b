package app.rodina.ui.boards

import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import app.rodina.state.Cell

/**
 * Where the screen cells of a [files] x [ranks] board lie when it is drawn [width] x [height]
 * pixels. The board keeps its cells square (its aspect ratio is files : ranks), so one cell
 * size serves both ways. Screen cells only: which point a cell shows is the state's
 * [app.rodina.state.Orientation]'s business, so nothing here knows about flipping.
 */
internal class BoardGeometry(val files: Int, val ranks: Int, val width: Float, val height: Float) {
    /** A cell's width and height in pixels. */
    val cell: Float = minOf(width / files, height / ranks)

    /** The size of one cell. */
    val cellSize: Size get() = Size(cell, cell)

    /** The centre of [c]: the point of an intersection board, the middle of a square. */
    fun centre(c: Cell): Offset = Offset((c.column + 0.5f) * cell, (c.row + 0.5f) * cell)

    /** The top left corner of [c]. */
    fun topLeft(c: Cell): Offset = Offset(c.column * cell, c.row * cell)

    /**
     * The cell under [p], or null off the board: the arithmetic of
     * [app.rodina.state.Orientation.pointAtPixel], stopping at the screen cell the controller takes.
     */
    fun cellAt(p: Offset): Cell? {
        if (p.x < 0f || p.y < 0f || p.x >= width || p.y >= height) return null
        return Cell((p.x / (width / files)).toInt(), (p.y / (height / ranks)).toInt())
    }
}
