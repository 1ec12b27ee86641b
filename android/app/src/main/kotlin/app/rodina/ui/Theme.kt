package app.rodina.ui

import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color

/** Board and piece colours, shared by the screens. */
object BoardColors {
    val wood = Color(0xFFE8C48A)
    val line = Color(0xFF5A3A1A)
    val red = Color(0xFFB3261E)
    val black = Color(0xFF1C1B1F)
    val pieceFace = Color(0xFFF6E7C8)
    val target = Color(0x8032803A)
    val lastMove = Color(0x5535659F)
    val check = Color(0xCCD32F2F)
}

/** The app's Material theme. */
@Composable
fun RodinaTheme(content: @Composable () -> Unit) {
    MaterialTheme(colorScheme = lightColorScheme(primary = BoardColors.red), content = content)
}
