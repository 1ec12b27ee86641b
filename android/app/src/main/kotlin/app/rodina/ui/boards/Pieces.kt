package app.rodina.ui.boards

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.size
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.Immutable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.drawBehind
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.PathEffect
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.platform.LocalDensity
import androidx.compose.ui.text.TextStyle
import androidx.compose.ui.text.font.FontWeight
import androidx.compose.ui.text.style.LineHeightStyle
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.Dp
import app.rodina.core.Side
import app.rodina.core.Variant
import app.rodina.state.PieceUi

/** How one side's pieces look: the disc's face, the ink of the label and inner ring, the rim. */
@Immutable
data class PiecePalette(val face: Color, val ink: Color, val rim: Color)

private val Cream = Color(0xFFF7E9C9)
private val WoodRim = Color(0xFFB08850)
private val RedInk = Color(0xFFB3261E)
private val BlackInk = Color(0xFF202020)
private val GreenInk = Color(0xFF2E7D32)

private val XiangqiRed = PiecePalette(Cream, RedInk, WoodRim)
private val XiangqiBlack = PiecePalette(Cream, BlackInk, WoodRim)
private val JesonGreen = PiecePalette(Cream, GreenInk, WoodRim)
private val ChessWhite = PiecePalette(Color(0xFFFAFAF5), Color(0xFF303030), Color(0xFF8A8A80))
private val ChessBlack = PiecePalette(Color(0xFF2B2B2B), Color(0xFFF2F2F2), Color(0xFF0F0F0F))

// Face-down Jieqi pieces share one back: what a piece is stays hidden, while whose it is (which
// both players know) shows in the rim, drawn in the owner's ink.
private val BackFace = Color(0xFF3C5A73)
private val BackInk = Color(0xFFE8D9B0)

/**
 * The palette of [side]'s pieces in [variant], each game in its own players' colours (Red and
 * Black, Red and Green, White and Black). A face-down piece shows its back, rimmed in its
 * owner's ink so the two sides' backs still differ.
 */
fun piecePalette(variant: Variant, side: Side, faceDown: Boolean): PiecePalette {
    val open = when (variant) {
        Variant.XIANGQI, Variant.JIEQI -> if (side == Side.FIRST) XiangqiRed else XiangqiBlack
        Variant.JESON_MOR -> if (side == Side.FIRST) XiangqiRed else JesonGreen
        Variant.FRIENDLY -> if (side == Side.FIRST) ChessWhite else ChessBlack
    }
    return if (faceDown) PiecePalette(BackFace, BackInk, open.ink) else open
}

/**
 * Draws a piece's disc filling the draw area: a shadow, the rim, the face and an inner ring.
 * [lifted]: held above the board (dragged, or released in a chain), with a longer shadow.
 */
fun DrawScope.drawPieceDisc(palette: PiecePalette, faceDown: Boolean, lifted: Boolean = false) {
    val r = size.minDimension / 2f
    val drop = if (lifted) r * 0.24f else r * 0.07f
    drawCircle(Color.Black.copy(alpha = if (lifted) 0.28f else 0.22f), r * 0.96f, center + Offset(drop * 0.4f, drop))
    drawCircle(palette.rim, r * 0.96f, center)
    drawCircle(palette.face, r * 0.85f, center)
    val ring = Stroke(
        width = r * 0.05f,
        // The back's dashed ring is what tells a hidden piece from an open one at a glance,
        // besides its colour (which not every eye tells apart).
        pathEffect = if (faceDown) PathEffect.dashPathEffect(floatArrayOf(r * 0.12f, r * 0.08f)) else null,
    )
    drawCircle(palette.ink, r * 0.72f, center, style = ring)
}

// Chess figurines (♔..♟) carry their own shape and need more room than a character or letter.
private fun labelScale(label: String): Float =
    if (label.isNotEmpty() && label.codePointAt(0) in 0x2654..0x265F) 0.74f else 0.52f

private val LabelStyle = TextStyle(
    fontWeight = FontWeight.Bold,
    textAlign = TextAlign.Center,
    // Trimmed line height: the label sits in the disc's optical centre, not a text line's.
    lineHeightStyle = LineHeightStyle(LineHeightStyle.Alignment.Center, LineHeightStyle.Trim.Both),
)

/**
 * One piece, [size] across: its disc in [variant]'s colours and its label from the catalog
 * (a character, a letter, or a face-down piece's back). Used on the boards, in the promotion
 * chooser and on the home screen.
 */
@Composable
fun PieceToken(piece: PieceUi, variant: Variant, size: Dp, modifier: Modifier = Modifier, lifted: Boolean = false) =
    PieceToken(piece.label, piece.piece.side, piece.piece.faceDown, variant, size, modifier, lifted)

/**
 * A piece known by its [label], [side] and whether it lies face down: what the players' bars
 * know of a captured piece (a capture this seat never saw has no kind, only its back).
 */
@Composable
fun PieceToken(
    label: String,
    side: Side,
    faceDown: Boolean,
    variant: Variant,
    size: Dp,
    modifier: Modifier = Modifier,
    lifted: Boolean = false,
) {
    val palette = piecePalette(variant, side, faceDown)
    val fontSize = with(LocalDensity.current) { (size * labelScale(label)).toSp() }
    Box(
        modifier.size(size).drawBehind { drawPieceDisc(palette, faceDown, lifted) },
        contentAlignment = Alignment.Center,
    ) {
        Text(
            label,
            color = palette.ink,
            maxLines = 1,
            softWrap = false,
            style = LabelStyle.copy(fontSize = fontSize, lineHeight = fontSize),
        )
    }
}

/** A side's marker (the players' bars): a small disc of its pieces, strong while it is to move. */
@Composable
fun SideMarker(variant: Variant, side: Side, active: Boolean, size: Dp, modifier: Modifier = Modifier) {
    val palette = piecePalette(variant, side, faceDown = false)
    Canvas(modifier.size(size)) {
        val r = this.size.minDimension / 2f
        if (active) {
            drawCircle(palette.rim, r, center)
            drawCircle(palette.face, r * 0.78f, center)
            drawCircle(palette.ink, r * 0.45f, center)
        } else {
            drawCircle(palette.rim.copy(alpha = 0.45f), r * 0.8f, center, style = Stroke(r * 0.18f))
        }
    }
}
