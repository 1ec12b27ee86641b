package app.rodina.state

import app.rodina.core.BoardView
import app.rodina.core.Variant
import app.rodina.core.Point
import app.rodina.core.PointView

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
