package app.rodina.ui

import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.state.GameController

/**
 * A game: status bar ("who moves next", with a spinner while a bot thinks), the board, the
 * message, actions and the move list. The board stays drawn and Undo and Resign stay usable
 * while a bot thinks: both stop it.
 */
@Composable
fun GameScreen(game: GameController, onLeave: () -> Unit) {
    val state by game.state.collectAsStateWithLifecycle()
    Column(Modifier.fillMaxSize().padding(8.dp)) {
        Row(verticalAlignment = Alignment.CenterVertically) {
            Text(state.status, style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(8.dp))
            if (state.thinking) CircularProgressIndicator(Modifier.size(18.dp), strokeWidth = 2.dp)
        }
        XiangqiBoard(state, onTap = game::tap, onDrag = game::drag)
        state.message?.let {
            TextButton(onClick = game::dismissMessage) { Text(it, color = MaterialTheme.colorScheme.error) }
        }
        Row(Modifier.fillMaxWidth(), horizontalArrangement = Arrangement.SpaceEvenly) {
            TextButton(onClick = game::undo, enabled = state.canUndo) { Text("Undo") }
            TextButton(onClick = game::resign, enabled = state.canResign) { Text("Resign") }
            TextButton(onClick = game::flip) { Text("Flip") }
            TextButton(onClick = onLeave) { Text("Close") }
        }
        LazyColumn(Modifier.fillMaxWidth()) {
            items(state.moves) { row ->
                Text("${row.number}. ${row.first}  ${row.second ?: ""}", Modifier.padding(horizontal = 8.dp))
            }
        }
    }
}
