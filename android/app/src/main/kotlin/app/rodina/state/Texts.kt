package app.rodina.state

import app.rodina.core.BotLevel
import app.rodina.core.DrawReason
import app.rodina.core.GameOutcome
import app.rodina.core.GameSummary
import app.rodina.core.Piece
import app.rodina.core.PieceKind
import app.rodina.core.PieceStyle
import app.rodina.core.Player
import app.rodina.core.Side
import app.rodina.core.Variant
import app.rodina.core.WinReason
import app.rodina.core.botLevels

/**
 * The words the screens show, in English, kept in one place so the Android and iOS apps say
 * the same thing (the Swift app mirrors these functions) and a translation has one file to
 * follow.
 */
object Texts {
    /** The game's name. */
    fun variantName(v: Variant): String = when (v) {
        Variant.XIANGQI -> "Xiangqi"
        Variant.JIEQI -> "Jieqi"
        Variant.JESON_MOR -> "Jeson Mor"
        Variant.FRIENDLY -> "Friendly chess"
    }

    /** A side as players of [v] name it. */
    fun sideName(v: Variant, side: Side): String = when (v) {
        Variant.XIANGQI, Variant.JIEQI -> if (side == Side.FIRST) "Red" else "Black"
        Variant.JESON_MOR -> if (side == Side.FIRST) "Red" else "Green"
        Variant.FRIENDLY -> if (side == Side.FIRST) "White" else "Black"
    }

    /** The label drawn on a piece. Chinese sets print different characters for each side. */
    fun pieceLabel(piece: Piece, style: PieceStyle): String {
        val red = piece.side == Side.FIRST
        return when (style) {
            PieceStyle.LETTERS -> when (piece.kind) {
                PieceKind.GENERAL -> "K"
                PieceKind.ADVISOR -> "A"
                PieceKind.ELEPHANT -> "E"
                PieceKind.HORSE -> "H"
                PieceKind.CHARIOT -> "R"
                PieceKind.CANNON -> "C"
                PieceKind.SOLDIER -> "P"
                PieceKind.KNIGHT -> "N"
                PieceKind.KING -> "K"
                PieceKind.QUEEN -> "Q"
                PieceKind.ROOK -> "R"
                PieceKind.BISHOP -> "B"
                PieceKind.PAWN -> "P"
            }
            PieceStyle.CHARACTERS -> when (piece.kind) {
                PieceKind.GENERAL -> if (red) "帥" else "將"
                PieceKind.ADVISOR -> if (red) "仕" else "士"
                PieceKind.ELEPHANT -> if (red) "相" else "象"
                PieceKind.HORSE -> if (red) "傌" else "馬"
                PieceKind.CHARIOT -> if (red) "俥" else "車"
                PieceKind.CANNON -> if (red) "炮" else "砲"
                PieceKind.SOLDIER -> if (red) "兵" else "卒"
                // The chess family's pieces have no characters of their own: their symbols.
                PieceKind.KNIGHT -> if (red) "♘" else "♞"
                PieceKind.KING -> if (red) "♔" else "♚"
                PieceKind.QUEEN -> if (red) "♕" else "♛"
                PieceKind.ROOK -> if (red) "♖" else "♜"
                PieceKind.BISHOP -> if (red) "♗" else "♝"
                PieceKind.PAWN -> if (red) "♙" else "♟"
            }
        }
    }

    private fun winReason(r: WinReason): String = when (r) {
        WinReason.CHECKMATE -> "checkmate"
        WinReason.NO_MOVES -> "leaving no legal move"
        WinReason.CENTRE -> "leaving the centre"
        WinReason.LAST_PIECE -> "capturing the last piece"
        WinReason.KING_BOND -> "bonding with the king"
        WinReason.PERPETUAL_CHECK -> "perpetual check by the loser"
        WinReason.PERPETUAL_CHASE -> "perpetual chase by the loser"
        WinReason.EXCESSIVE_CHECKS_OR_CHASES -> "too many checks or chases by the loser"
        WinReason.RESIGNATION -> "resignation"
        WinReason.TIME -> "time"
    }

    private fun drawReason(r: DrawReason): String = when (r) {
        DrawReason.REPETITION -> "repetition"
        DrawReason.FIFTY_MOVES -> "the fifty-move rule"
        DrawReason.MOVE_LIMIT -> "the move limit"
        DrawReason.INSUFFICIENT_MATERIAL -> "insufficient material"
        DrawReason.ALL_BONDED -> "every piece bonded"
        DrawReason.NO_MOVES -> "no legal move"
        DrawReason.AGREEMENT -> "agreement"
    }

    /** "Red wins by checkmate", "Draw by repetition". */
    fun outcome(v: Variant, o: GameOutcome): String = when (o) {
        is GameOutcome.Win -> "${sideName(v, o.winner)} wins by ${winReason(o.reason)}"
        is GameOutcome.Draw -> "Draw by ${drawReason(o.reason)}"
    }

    /** A level's name in [language] ("en" or "sk", as the core names levels; English otherwise). */
    fun levelName(level: BotLevel, language: String = "en"): String =
        if (language.equals("sk", ignoreCase = true)) level.nameSk else level.nameEn

    /** The core's levels by id, read once. */
    private val levelsById: Map<String, BotLevel> by lazy { botLevels().associateBy { it.id } }

    /** "Person", "Bot (Casual player)"; a level this version does not know shows its id. */
    fun player(p: Player): String = when (p) {
        is Player.Person -> "Person"
        is Player.Bot -> "Bot (${levelsById[p.level]?.let { levelName(it) } ?: p.level})"
    }

    /** "1 move", "12 moves". */
    fun moveCount(plies: Int): String = if (plies == 1) "1 move" else "$plies moves"

    /** The second line of a saved game in the list: moves and result. */
    fun summaryLine(g: GameSummary): String {
        val result = g.outcome?.let { outcome(g.variant, it) } ?: "in progress"
        return "${moveCount(g.plyCount.toInt())} · $result"
    }
}
