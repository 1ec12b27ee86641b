package app.rodina.ui

import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.verticalScroll
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
import androidx.compose.ui.platform.LocalConfiguration
import androidx.compose.ui.unit.dp
import app.rodina.core.Handicap
import app.rodina.core.Side
import app.rodina.state.AppController
import app.rodina.state.NewGameForm
import app.rodina.state.Texts

/** One choice of a radio group: the row is the touch target, as Material asks. */
@Composable
private fun Choice(label: String, selected: Boolean, onClick: () -> Unit) {
    Row(Modifier.selectable(selected = selected, onClick = onClick).padding(8.dp)) {
        RadioButton(selected = selected, onClick = null)
        Text(label, Modifier.padding(start = 8.dp))
    }
}

/**
 * Options of a new game of Xiangqi: the opponent (another person on this device, or a bot of
 * a level), the side the person plays against a bot, and a handicap Red gives.
 */
@Composable
fun NewGameScreen(app: AppController) {
    var handicap by rememberSaveable { mutableStateOf<Handicap?>(null) }
    // Null: two people on this device; otherwise the bot level's id.
    var botLevel by rememberSaveable { mutableStateOf<String?>(null) }
    var personSide by rememberSaveable { mutableStateOf(Side.FIRST) }
    // The core names the levels in English and Slovak; other languages read English.
    val language = LocalConfiguration.current.locales[0].language
    val handicaps = listOf(null to "No handicap", Handicap.HORSE to "Red gives a horse",
        Handicap.TWO_HORSES to "Red gives both horses", Handicap.CANNON to "Red gives a cannon",
        Handicap.CHARIOT to "Red gives a chariot")
    Column(Modifier.fillMaxSize().verticalScroll(rememberScrollState()).padding(16.dp)) {
        Text("New game of Xiangqi", style = MaterialTheme.typography.headlineSmall)

        Text("Opponent", style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(top = 12.dp))
        Choice("A person on this device", botLevel == null) { botLevel = null }
        for (level in app.levels) {
            Choice("Bot: " + Texts.levelName(level, language), botLevel == level.id) { botLevel = level.id }
        }

        if (botLevel != null) {
            Text("You play", style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(top = 12.dp))
            Choice("Red (you move first)", personSide == Side.FIRST) { personSide = Side.FIRST }
            Choice("Black (the bot moves first)", personSide == Side.SECOND) { personSide = Side.SECOND }
        }

        Text("Handicap", style = MaterialTheme.typography.titleMedium, modifier = Modifier.padding(top = 12.dp))
        for ((value, label) in handicaps) {
            Choice(label, handicap == value) { handicap = value }
        }
        Button(
            onClick = { app.startGame(NewGameForm(handicap = handicap, botLevel = botLevel, personSide = personSide)) },
            modifier = Modifier.padding(top = 12.dp),
        ) { Text("Play") }
    }
}
