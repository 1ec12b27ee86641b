package app.rodina.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import app.rodina.core.PieceStyle
import app.rodina.core.Settings
import app.rodina.state.AppController

/** The player's settings, saved at every change. */
@Composable
fun SettingsScreen(app: AppController) {
    var s by remember { mutableStateOf(app.settings) }
    fun set(new: Settings) {
        if (app.updateSettings(new)) s = new
    }
    Column(Modifier.fillMaxSize().padding(16.dp)) {
        Text("Settings", style = MaterialTheme.typography.headlineSmall)
        Toggle("Show where a piece can go", s.showLegalTargets) { set(s.copy(showLegalTargets = it)) }
        Toggle("Show the last move", s.showLastMove) { set(s.copy(showLastMove = it)) }
        Toggle("Turn the board to the side to move", s.rotateBoard) { set(s.copy(rotateBoard = it)) }
        Toggle("Chinese characters on pieces", s.pieceStyle == PieceStyle.CHARACTERS) {
            set(s.copy(pieceStyle = if (it) PieceStyle.CHARACTERS else PieceStyle.LETTERS))
        }
    }
}

@Composable
private fun Toggle(label: String, checked: Boolean, onChange: (Boolean) -> Unit) {
    Row(Modifier.fillMaxWidth().padding(vertical = 8.dp)) {
        Text(label, Modifier.weight(1f))
        Switch(checked = checked, onCheckedChange = onChange)
    }
}
