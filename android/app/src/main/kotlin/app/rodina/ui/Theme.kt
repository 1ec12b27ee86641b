package app.rodina.ui

import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color

// The app's own palette rather than the wallpaper's (dynamic colour): the boards and pieces
// have fixed colours, and the chrome around them is chosen to sit well beside them.
private val LightColors = lightColorScheme(
    primary = Color(0xFF9A2B20),
    onPrimary = Color(0xFFFFFFFF),
    primaryContainer = Color(0xFFFFDAD4),
    onPrimaryContainer = Color(0xFF3E0400),
    secondary = Color(0xFF775651),
    onSecondary = Color(0xFFFFFFFF),
    secondaryContainer = Color(0xFFFFDAD4),
    onSecondaryContainer = Color(0xFF2C1512),
    tertiary = Color(0xFF6F5C2E),
    onTertiary = Color(0xFFFFFFFF),
    tertiaryContainer = Color(0xFFFAE0A6),
    onTertiaryContainer = Color(0xFF251A00),
    background = Color(0xFFFFF8F6),
    surface = Color(0xFFFFF8F6),
)

private val DarkColors = darkColorScheme(
    primary = Color(0xFFFFB4A8),
    onPrimary = Color(0xFF5F1410),
    primaryContainer = Color(0xFF7D2A22),
    onPrimaryContainer = Color(0xFFFFDAD4),
    secondary = Color(0xFFE7BDB6),
    onSecondary = Color(0xFF442925),
    secondaryContainer = Color(0xFF5D3F3B),
    onSecondaryContainer = Color(0xFFFFDAD4),
    tertiary = Color(0xFFDDC48C),
    onTertiary = Color(0xFF3D2F04),
    tertiaryContainer = Color(0xFF554519),
    onTertiaryContainer = Color(0xFFFAE0A6),
    background = Color(0xFF1A1110),
    surface = Color(0xFF1A1110),
)

/** The app's Material theme, light or dark as the system is. */
@Composable
fun RodinaTheme(content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = if (isSystemInDarkTheme()) DarkColors else LightColors, content = content)
}

/**
 * The colours of the boards, the same in the light and the dark theme: a board is a physical
 * object, and its pieces must read the same way in both.
 */
object BoardColors {
    /** The Xiangqi board's wood. */
    val wood = Color(0xFFE9C98F)

    /** The Xiangqi board's lines. */
    val line = Color(0xFF5B3A1A)

    /** The river between the two halves, a lighter band over the wood. */
    val river = Color(0x4DFFF6E0)

    /** Friendly chess's light squares (the usual brown board). */
    val chessLight = Color(0xFFF0D9B5)

    /** Friendly chess's dark squares. */
    val chessDark = Color(0xFFB58863)

    /** Jeson Mor's light squares: its own, so the two square boards are told apart at a glance. */
    val jesonLight = Color(0xFFE9E6D2)

    /** Jeson Mor's dark squares. */
    val jesonDark = Color(0xFF9DB08A)

    /** Jeson Mor's centre, which decides the game: marked in gold whatever stands on it. */
    val centre = Color(0xFFE2B04A)

    /** The star drawn on the centre. */
    val centreMark = Color(0xFF8A5A00)

    /** The last move's squares (points). */
    val lastMove = Color(0x66F2C94C)

    /** The selected piece. */
    val selected = Color(0x8858A65C)

    /** The glow under a general or king in check. */
    val check = Color(0xFFE53935)

    /** The outline of the cell a dragged piece would be dropped on. */
    val dropCell = Color(0xCCFFFFFF)

    /** Ordinary targets: a step, a capture, en passant, castling. */
    val target = Color(0xCC2E7D32)

    /** A step that bonds with an enemy piece (Friendly chess). */
    val bond = Color(0xE01565C0)

    /** A step into a bond that releases a piece, which moves next (Friendly chess). */
    val release = Color(0xE07B1FA2)

    /** A step that wins the game at once (bonding the enemy king). */
    val win = Color(0xFFE0A800)

    /** A puzzle's hint: the ring around the piece to move. */
    val hint = Color(0xE00288D1)

    /** A course exercise's target still to reach or take: the star on its cell. */
    val goal = Color(0xD9E65100)

    /** A star earned in a course. */
    val star = Color(0xFFF2B705)
}
