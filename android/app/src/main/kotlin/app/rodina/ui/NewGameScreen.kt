package app.rodina.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.selection.selectable
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.RadioButton
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import app.rodina.core.Handicap
import app.rodina.state.AppController
import app.rodina.state.NewGameForm

/** Options of a new pass-and-play game: Xiangqi, with or without a handicap. */
@Composable
fun NewGameScreen(app: AppController) {
    var handicap by rememberSaveable { mutableStateOf<Handicap?>(null) }
    val choices = listOf(null to "No handicap", Handicap.HORSE to "Red gives a horse",
        Handicap.TWO_HORSES to "Red gives both horses", Handicap.CANNON to "Red gives a cannon",
        Handicap.CHARIOT to "Red gives a chariot")
    Column(Modifier.fillMaxSize().padding(16.dp)) {
        Text("New game of Xiangqi", style = MaterialTheme.typography.headlineSmall)
        for ((value, label) in choices) {
            Row(Modifier.selectable(selected = handicap == value, onClick = { handicap = value }).padding(8.dp)) {
                RadioButton(selected = handicap == value, onClick = null)
                Text(label, Modifier.padding(start = 8.dp))
            }
        }
        Button(onClick = { app.startGame(NewGameForm(handicap = handicap)) }) { Text("Play") }
    }
}
