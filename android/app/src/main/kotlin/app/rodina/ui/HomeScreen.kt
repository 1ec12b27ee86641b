package app.rodina.ui

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.Button
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.rodina.state.AppController
import app.rodina.state.Screen

/** Saved games, newest first, and the ways to a new game and the settings. */
@Composable
fun HomeScreen(app: AppController) {
    val home by app.home.collectAsStateWithLifecycle()
    Column(Modifier.fillMaxSize().padding(16.dp)) {
        Text("Rodina", style = MaterialTheme.typography.headlineMedium)
        Row {
            Button(onClick = { app.navigator.open(Screen.NewGame) }) { Text("New game") }
            TextButton(onClick = { app.navigator.open(Screen.Settings) }) { Text("Settings") }
        }
        home.message?.let { Text(it, color = MaterialTheme.colorScheme.error) }
        LazyColumn(Modifier.fillMaxWidth()) {
            items(home.games, key = { it.id }) { g ->
                Row(Modifier.fillMaxWidth().clickable { app.resumeGame(g.id) }.padding(vertical = 8.dp)) {
                    Column(Modifier.weight(1f)) {
                        Text(g.title, style = MaterialTheme.typography.titleSmall)
                        Text(g.subtitle, style = MaterialTheme.typography.bodySmall)
                    }
                    TextButton(onClick = { app.deleteGame(g.id) }) { Text("Delete") }
                }
            }
        }
    }
}
